// The hostile page's verdict: every way in that worked is named, so the end-to-end tests that use it can fail.
import { describe, expect, it } from 'vitest';
import { whatThePageGot, type HostileReport } from '../../../harness/hostile-page';

const clean: HostileReport = {
  seenHost: true,
  shadowRoots: ['none'],
  texts: ['A page that tries to read and answer antidrift'],
  frameReads: ['', 'denied: SecurityError'],
  removals: 0,
  clicks: 9,
  messageOrigins: [],
  portMessages: 0,
};

describe('what the hostile page got', () => {
  it('nothing, when every way in was shut', () => {
    expect(whatThePageGot(clean, ['Write the parser tests'])).toEqual([]);
  });

  it('names each way in that worked, and a run where nothing was tried', () => {
    const got = whatThePageGot(
      {
        ...clean,
        seenHost: false,
        shadowRoots: ['open'],
        texts: ['… Write the parser tests …'],
        frameReads: ['Write the parser tests'],
        messageOrigins: ['chrome-extension://abc'],
        portMessages: 2,
      },
      ['Write the parser tests'],
    );
    expect(got).toEqual([
      'the page never found the banner: nothing was tried on it',
      'a shadow root it could open',
      '"Write the parser tests" in its own document',
      "a frame's text: Write the parser tests",
      'no frame refused it: nothing of ours was framed',
      'messages from chrome-extension://abc',
      '2 messages over a channel it guessed',
    ]);
  });
});

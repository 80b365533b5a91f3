// "Save for later" in the controller: the drift ends as with Back to task, the tab is kept and closed by the shell, no AI is asked.
import { describe, expect, it } from 'vitest';
import { surfaceView } from '../../../../shared/core/controller';
import { Harness, ofType } from './harness';
import { EMPTY_RECORDER, recordTransition } from '../../../../shared/history/recorder';

const DOCS = { tabId: 1, windowId: 1 };
const VIDEOS = { tabId: 2, windowId: 1 };

function drifting(): Harness {
  const h = new Harness();
  h.start();
  h.observe('docs.test', 'Parser notes', 'tab', DOCS);
  h.observe('videos.test', 'Cats', 'tab', VIDEOS);
  expect(h.status).toBe('drifting');
  return h;
}

describe('save for later', () => {
  it('answers the episode, keeps the drifting tab for the shell to save and close, and brings the on-task tab back', () => {
    const h = drifting();
    const effects = h.send({ type: 'savedForLaterChosen', at: h.now });
    expect(ofType(effects, 'saveForLater')).toEqual([
      {
        type: 'saveForLater',
        observation: expect.objectContaining({ app: 'videos.test', title: 'Cats', ref: VIDEOS }),
        sessionId: h.sessionId,
      },
    ]);
    expect(ofType(effects, 'focusPlace')[0]?.observation.ref).toEqual(DOCS);
    expect(ofType(effects, 'runJudge')).toEqual([]);
    expect(h.state.drift.answeredDriftEpisode).toBe(h.state.drift.driftEpisode);
    expect(surfaceView(h.state).banner?.answered).toBe(true);
    // The tab closes and the on-task one comes forward: on task again, no new episode.
    h.observe('docs.test', 'Parser notes', 'tab', DOCS);
    expect(h.status).toBe('ontask');
    expect(h.state.drift.driftEpisode).toBe(1);
  });

  it('only a tab can be saved: an app window, or no drift at all, changes nothing', () => {
    const h = new Harness();
    h.start();
    h.observe('outlook', 'Inbox', 'os');
    expect(h.status).toBe('drifting');
    expect(h.send({ type: 'savedForLaterChosen', at: h.now })).toEqual([]);
    h.observe('docs.test', 'Parser notes', 'tab', DOCS);
    expect(h.send({ type: 'savedForLaterChosen', at: h.now })).toEqual([]);
    const idle = new Harness();
    expect(idle.send({ type: 'savedForLaterChosen', at: idle.now })).toEqual([]);
  });

  it('history records the answer as saved for later', () => {
    const h = drifting();
    const before = h.state;
    const event = { type: 'savedForLaterChosen', at: h.now } as const;
    h.send(event);
    const step = recordTransition(EMPTY_RECORDER, before, h.state, event, h.now, { keepTitles: true });
    const marks = step.writes.filter((w) => w.store === 'marks').map((w) => w.record);
    expect(marks).toContainEqual(expect.objectContaining({ type: 'answer', choice: 'savedForLater', episode: 1 }));
  });
});

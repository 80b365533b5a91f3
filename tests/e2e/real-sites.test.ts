// E2E smoke: real hostnames (www.youtube.com, www.reddit.com) served from 127.0.0.1 over TLS load in Chromium with the test's titles, and the extension works in them.
import { describe, expect, it } from 'vitest';
import { inPageRefreshTitle, inPageSoftNavigate } from '../../harness/real-sites';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';

const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const SUBREDDIT = 'https://www.reddit.com/r/typescript/';

describe('real hostnames served from 127.0.0.1', () => {
  const e2e = e2eForSuite({ realSites: true });

  it('a watch page and a subreddit load at their own addresses with the titles the test chose, and reached the server', async () => {
    const sites = e2e().realSites;
    const watch = await e2e().openRealSite(WATCH, 'Rick Astley - Never Gonna Give You Up');
    expect(watch.url()).toBe(WATCH);
    const subreddit = await e2e().openRealSite(SUBREDDIT, 'TypeScript');
    expect(subreddit.url()).toBe(SUBREDDIT);
    expect(sites.requests).toEqual(expect.arrayContaining(['www.youtube.com/watch?v=dQw4w9WgXcQ', 'www.reddit.com/r/typescript/']));

    // A page the test never named gets a title from its address; a same-document navigation, as YouTube's own, takes
    // the title set for its address and never reaches the server.
    const next = sites.url('https://www.youtube.com/watch?v=jNQXAC9IVRw', 'Me at the zoo');
    await watch.evaluate(inPageSoftNavigate, next);
    expect(watch.url()).toBe(next);
    expect(await watch.title()).toBe('Me at the zoo');
    expect(sites.requested(next)).toBe(false);
    // A title changed later reaches an open page when its own script asks again, as a site's live title does.
    sites.setTitle(next, 'Me at the zoo (2005)');
    await watch.evaluate(inPageRefreshTitle);
    expect(await watch.title()).toBe('Me at the zoo (2005)');
    await watch.close();
    await subreddit.close();
  });

  it('the extension runs in them: ON on an allowed youtube.com, ! and the drift toast on a blocked reddit.com', async () => {
    const watch = await e2e().openRealSite(WATCH, 'Rick Astley - Never Gonna Give You Up');
    await startSession(e2e(), watch, { allowed: ['youtube.com'], blocked: ['reddit.com'] });
    await watch.bringToFront();
    await e2e().expectBadge('ON');

    const funny = await e2e().openRealSite('https://www.reddit.com/r/funny', 'funny');
    await funny.bringToFront();
    await e2e().expectBadge('!');
    await new Toast(funny).expectTier('drift');
  });
});

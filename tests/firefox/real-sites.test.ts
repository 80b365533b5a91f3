// Firefox ESR smoke: real hostnames (www.youtube.com, www.reddit.com) served from 127.0.0.1 through a CONNECT proxy load with the test's titles, and the add-on works in them.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { inPageRefreshTitle, inPageSoftNavigate } from '../../harness/real-sites';
import { firefoxForSuite, startSessionIn, toastTier } from './harness';

const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const SUBREDDIT = 'https://www.reddit.com/r/typescript/';

describe('real hostnames served from 127.0.0.1 in Firefox ESR', () => {
  const firefox = firefoxForSuite({ realSites: true });

  it('a watch page and a subreddit load at their own addresses with the titles the test chose, and reached the server', async () => {
    const ff = firefox();
    const sites = ff.realSites;
    const home = await ff.openRealSite('https://www.youtube.com/');
    expect(await home.title()).toBe('www.youtube.com');
    const watch = await ff.openRealSite(WATCH, 'Rick Astley - Never Gonna Give You Up');
    expect(watch.url()).toBe(WATCH);
    const subreddit = await ff.openRealSite(SUBREDDIT, 'TypeScript');
    expect(subreddit.url()).toBe(SUBREDDIT);
    expect(sites.requests).toEqual(
      expect.arrayContaining(['www.youtube.com/', 'www.youtube.com/watch?v=dQw4w9WgXcQ', 'www.reddit.com/r/typescript/']),
    );

    // A same-document navigation, as YouTube's own, takes the title set for its address and never reaches the server.
    const next = sites.url('https://www.youtube.com/watch?v=jNQXAC9IVRw', 'Me at the zoo');
    await watch.evaluate(inPageSoftNavigate, next);
    expect(await watch.evaluate(() => location.href)).toBe(next);
    expect(await watch.title()).toBe('Me at the zoo');
    expect(sites.requested(next)).toBe(false);
    // A title changed later reaches an open page when its own script asks again, as a site's live title does.
    sites.setTitle(next, 'Me at the zoo (2005)');
    await watch.evaluate(inPageRefreshTitle);
    expect(await watch.title()).toBe('Me at the zoo (2005)');
    for (const page of [home, watch, subreddit]) await page.close();
  });

  it('the add-on runs in them: ON on an allowed youtube.com, ! and the drift toast on a blocked reddit.com', async () => {
    const ff = firefox();
    const watch = await ff.openRealSite(WATCH, 'Rick Astley - Never Gonna Give You Up');
    const popup = await ff.extensionPage('popup.html');
    await watch.bringToFront();
    await startSessionIn(popup, { allowed: ['youtube.com'], blocked: ['reddit.com'] });
    await watch.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');

    const funny = await ff.openRealSite('https://www.reddit.com/r/funny', 'funny');
    await funny.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge !');
    await waitFor(async () => (await toastTier(funny)) === 'drift', 'the drift toast');
    await popup.close();
  });
});

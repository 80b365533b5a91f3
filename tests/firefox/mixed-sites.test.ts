// Firefox ESR on real hostnames: a lecture then cat videos on YouTube judged page by page; a strict session blocks
// reddit.com/r/funny while reddit.com/r/typescript loads.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { EXTENSION_ORIGIN } from '../../harness/firefox';
import { fillCommitmentIn, firefoxForSuite, startSessionIn, toastTier } from './harness';
import { addressOf } from './strict-steps';

describe('right site, wrong page in Firefox ESR', () => {
  const firefox = firefoxForSuite({ realSites: true });

  it('a lecture on YouTube is on task, cat videos on YouTube are flagged: each video judged once', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser tests plan');
    const popup = await ff.extensionPage('popup.html');
    await docs.bringToFront();
    await startSessionIn(popup, { allowed: ['docs.test'], blocked: [] });
    await popup.close();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');

    const lecture = await ff.openRealSite('https://www.youtube.com/watch?v=lecture3', 'Pratt parsing, lecture 3 - YouTube');
    await lecture.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON' && judgeCalls() === 1, 'the lecture judged on task', 20_000);
    const cats = await ff.openRealSite('https://www.youtube.com/watch?v=cats2026', 'Funniest cats 2026 - YouTube');
    await cats.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge ! on the cat video', 20_000);
    await waitFor(async () => (await toastTier(cats)) === 'drift', 'the drift toast');
    await lecture.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'the lecture on task again, from its verdict');
    expect(judgeCalls()).toBe(2);
    for (const page of [docs, lecture, cats]) await page.close();

    function judgeCalls(): number {
      return ff.calls().filter((c) => c.role === 'judge').length;
    }
  });

  it('a strict session blocks reddit.com/r/funny, naming it, while reddit.com/r/typescript loads', async () => {
    const ff = firefox();
    const popup = await ff.extensionPage('popup.html');
    await popup.click('[data-testid="end-session"]');
    await popup.waitForSelector('[data-testid="review-skip"]');
    await popup.click('[data-testid="review-skip"]');
    await fillCommitmentIn(popup, { allowed: ['docs.test', 'reddit.com/r/typescript'], blocked: ['reddit.com/r/funny'] });
    await popup.click('[data-testid="strict"]');
    await popup.click('[data-testid="start-session"]');
    await popup.waitForSelector('[data-testid="commitment-text"]');

    const typescript = await ff.openRealSite('https://www.reddit.com/r/typescript/', 'TypeScript');
    await typescript.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'r/typescript on task');

    const funny = await ff.browser.newPage();
    const funnyUrl = ff.realSites.url('https://www.reddit.com/r/funny/', 'r/funny');
    // Firefox never resolves a goto that lands on moz-extension://: start it, then watch where the tab is.
    void funny.goto(funnyUrl).catch(() => {});
    await waitFor(
      async () => (await addressOf(funny)).startsWith(`${EXTENSION_ORIGIN}/blocked.html?site=reddit.com%2Fr%2Ffunny`),
      'the block page',
    );
    expect(await funny.$eval('[data-testid="block-line"]', (e) => e.textContent)).toContain('reddit.com/r/funny');
    expect(ff.realSites.requested(funnyUrl)).toBe(false);
    await popup.close();
  });
});

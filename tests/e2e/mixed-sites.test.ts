// E2E on real hostnames (YouTube, Reddit served over TLS from 127.0.0.1): pages judged one by one, a part of a site allowed
// from the banner, and a strict session that blocks reddit.com/r/funny while reddit.com/r/typescript loads.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inPageSoftNavigate } from '../../harness/real-sites';
import { e2eForSuite, PARSER_TESTS, startSession } from './harness';
import { Toast } from './pages';

const LECTURE = 'https://www.youtube.com/watch?v=lecture3';
const CATS = 'https://www.youtube.com/watch?v=cats2026';

describe('right site, wrong page', () => {
  const e2e = e2eForSuite({ realSites: true });
  /** The fake judge's calls about a page with this title. */
  const judged = (title: string) =>
    e2e()
      .calls()
      .filter((c) => c.role === 'judge' && c.titles?.[0] === title).length;
  let docs: Page;

  it('a lecture on YouTube is on task, cat videos on YouTube are flagged, and the same page is judged once', async () => {
    docs = await e2e().openSite('docs.test', 'Parser tests plan');
    await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: [] });
    await e2e().expectBadge('ON');

    const lecture = await e2e().openRealSite(LECTURE, 'Pratt parsing, lecture 3 - YouTube');
    await lecture.bringToFront();
    await e2e().expectBadge('ON', 15_000);
    expect(
      e2e()
        .calls()
        .filter((c) => c.role === 'judge'),
    ).toMatchObject([{ app: 'youtube.com', titles: ['Pratt parsing, lecture 3 - YouTube'] }]);

    const cats = await e2e().openRealSite(CATS, 'Funniest cats 2026 - YouTube');
    await cats.bringToFront();
    await e2e().expectBadge('!', 15_000);
    const toast = new Toast(cats);
    await toast.expectTier('drift');
    expect(await toast.text('drift-reason')).toContain('Funniest cats 2026');
    // A video's address names no channel: "This is on task" would allow that video, and the banner says so.
    expect(await toast.text('drift-ontask-allows')).toContain('youtube.com/watch?v=cats2026');
    await toast.click('drift-back');
    await e2e().expectBadge('ON');

    // The lecture again, at another moment of it: no second call.
    await lecture.bringToFront();
    await lecture.goto(e2e().realSites.url(`${LECTURE}&t=120s`, 'Pratt parsing, lecture 3 - YouTube'));
    await e2e().expectBadge('ON');
    await expect.poll(() => judged('Pratt parsing, lecture 3 - YouTube'), { timeout: 2_000 }).toBe(1);
    expect(judged('Funniest cats 2026 - YouTube')).toBe(1);
    await cats.close();
    await lecture.close();
  });

  it('after r/funny is flagged, a r/typescript thread on writing a parser is not', async () => {
    const funny = await e2e().openRealSite('https://www.reddit.com/r/funny/', 'r/funny: the best memes');
    await funny.bringToFront();
    await e2e().expectBadge('!', 15_000);
    const thread = await e2e().openRealSite(
      'https://www.reddit.com/r/typescript/comments/1x2y3z/writing_a_pratt_parser/',
      'Writing a Pratt parser in TypeScript : r/typescript',
    );
    await thread.bringToFront();
    await e2e().expectBadge('ON', 15_000);
    await new Toast(thread).expectTier(null);
    await funny.close();
    await thread.close();
  });

  it('"This is on task" on a channel page allows that channel, not YouTube: its other videos are still judged', async () => {
    const channel = await e2e().openRealSite('https://www.youtube.com/@catmemes/videos', 'Cat memes daily - YouTube');
    await channel.bringToFront();
    await e2e().expectBadge('!', 15_000);
    const toast = new Toast(channel);
    await toast.expectTier('drift');
    expect(await toast.text('drift-ontask-allows')).toBe('“This is on task” allows youtube.com/@catmemes, not the whole site.');
    await toast.click('drift-ontask');
    await e2e().expectBadge('ON');
    const options = await e2e().options();
    await expect.poll(() => options.addedFromBanner(), { timeout: 10_000 }).toEqual(['youtube.com/@catmemes']);
    await options.page.close();

    // The channel's other pages are allowed with no call; a cat video elsewhere on YouTube is still a drift.
    const calls = e2e().calls().length;
    await channel.goto(e2e().realSites.url('https://www.youtube.com/@catmemes/playlists', 'Cat memes daily - Playlists'));
    await e2e().expectBadge('ON');
    const other = await e2e().openRealSite('https://www.youtube.com/watch?v=othercats', 'More cats - YouTube');
    await other.bringToFront();
    await e2e().expectBadge('!', 15_000);
    expect(e2e().calls().length).toBe(calls + 1);
    await other.close();
    await channel.close();
  });

  it('a strict session blocks reddit.com/r/funny, however its page comes up, while reddit.com/r/typescript loads', async () => {
    const popup = await e2e().popup();
    await popup.byId('end-session').click();
    await popup.page.locator('main.popup[data-view="review"]').waitFor();
    await popup.byId('review-skip').click();
    await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test', 'reddit.com/r/typescript'], blocked: ['reddit.com/r/funny'] });
    await popup.byId('strict').check();
    await popup.start();
    await popup.page.close();
    const sites = e2e().realSites;

    const typescript = await e2e().openRealSite('https://www.reddit.com/r/typescript/', 'TypeScript');
    await typescript.bringToFront();
    await e2e().expectBadge('ON');

    // Typed in the address bar: the network rule sends it to the block page, which names the part; the site never sees it.
    const funny = await e2e().browser.context.newPage();
    const funnyUrl = sites.url('https://www.reddit.com/r/Funny/top/', 'r/funny');
    await funny.goto(funnyUrl).catch(() => {});
    await funny.getByTestId('block-page').waitFor();
    expect(await funny.getByTestId('block-line').textContent()).toContain('reddit.com/r/funny');
    expect(sites.requested(funnyUrl)).toBe(false);

    // From r/typescript, the site's own script moves to r/funny without loading a page: the worker sees the new address.
    await typescript.evaluate(inPageSoftNavigate, sites.url('https://www.reddit.com/r/funny/comments/9/a_cat/', 'A cat'));
    await typescript.getByTestId('block-page').waitFor({ timeout: 10_000 });
    expect(await typescript.getByTestId('block-line').textContent()).toContain('reddit.com/r/funny');
  });
});

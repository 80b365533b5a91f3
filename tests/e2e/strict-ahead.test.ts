// E2E: pages of a blocked site the browser loaded ahead before the session (prefetched, prerendered by a page's speculation rules) end on the block page when the person goes there.
import { describe, expect, it } from 'vitest';
import { e2eForSuite } from './harness';
import { endsBlocked, startStrict } from './strict-steps';

const PREFETCHED = 'http://videos.test/?title=Prefetched';
const PRERENDERED = 'http://live.news.test/?title=Prerendered';

describe('a strict session holds on pages loaded ahead', () => {
  const e2e = e2eForSuite();

  it('a page prefetched from another site and one prerendered by its own site before the session end on the block page, the site not asked again', async () => {
    // Before the session: a page that prefetches the video site (cross-site), and a news front page that prerenders
    // its live blog (same site, another origin: both are secure contexts here, as prerendering wants).
    const links = await e2e().browser.context.newPage();
    await links.goto(`http://docs.test/?title=Links&prefetch=${encodeURIComponent(PREFETCHED)}`);
    // Its prefetch made while it is the page in front: a page the next tab hides at once may not get to make it (on a
    // loaded machine it once did not: the precondition below failed before the session had started).
    await expect.poll(() => e2e().pages.speculative.map((r) => r.split(' ')[1]), { timeout: 10_000 }).toContain('prefetch');
    const front = await e2e().browser.context.newPage();
    await front.goto(`http://www.news.test/?title=Front%20page&prerender=${encodeURIComponent(PRERENDERED)}`);
    // The browser did load both ahead (said by the Sec-Purpose of its requests).
    await expect
      .poll(() => e2e().pages.speculative.map((r) => r.split(' ')[1]), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['prefetch', 'prefetch;prerender']));
    expect(
      e2e()
        .pages.speculative.map((r) => r.split(' ')[0])
        .sort(),
    ).toEqual(['live.news.test/?title=Prerendered', 'videos.test/?title=Prefetched']);

    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    await startStrict(e2e(), docs, 5, ['live.news.test']);
    const asked = e2e().pages.requests.length;

    // The person follows each page's link: what the browser holds ready is not shown.
    await links.bringToFront();
    await links.evaluate((url) => (location.href = url), PREFETCHED);
    await endsBlocked(links, 'videos.test');
    await front.bringToFront();
    await front.evaluate((url) => (location.href = url), PRERENDERED);
    await endsBlocked(front, 'live.news.test');
    expect(
      e2e()
        .pages.requests.slice(asked)
        .filter((r) => /^(videos|live\.news)\.test\//.test(r)),
    ).toEqual([]);
  }, 120_000);
});

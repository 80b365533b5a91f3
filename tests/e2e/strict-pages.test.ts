// E2E: during a strict session a blocked site's page ends on the block page however it comes up, also the ways no network rule sees (its own service worker, the back/forward cache).
import { describe, expect, it } from 'vitest';
import { e2eForSuite } from './harness';
import { endsBlocked, startStrict, SW_PAGE, visit, visitedBefore } from './strict-steps';

describe('a strict session holds on pages the network rules never see', () => {
  const e2e = e2eForSuite();

  it('a page its own service worker serves, and Back into a page from before the session, both end on the block page; Back to task works; after the session they load', async () => {
    await visitedBefore(e2e());
    // A tab that was on the site before the session, then moved on: its Back is the back/forward cache's.
    const travelled = await e2e().browser.context.newPage();
    await travelled.goto(e2e().pages.url('docs.test', 'Notes') + '&cache=1');
    await travelled.goto('http://www.videos.test/?cache=1&title=Old%20cats');
    await travelled.goto(e2e().pages.url('docs.test', 'More notes') + '&cache=1');

    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    const popup = await startStrict(e2e(), docs, 5);
    await popup.page.close();

    // Typed: the service worker answers, no request reaches the server, and the tab ends on the block page.
    const pageRequests = () => e2e().pages.requests.filter((r) => r.startsWith('videos.test/?'));
    const before = pageRequests().length;
    const tab = await e2e().browser.context.newPage();
    await tab.bringToFront();
    await tab.goto(`${SW_PAGE}&during=1`).catch(() => {});
    await endsBlocked(tab);
    // Its pages come from its worker; only their reports of a first frame or a first paint reach the server.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pageRequests()).toHaveLength(before);
    const reports = (path: string) =>
      e2e().pages.requests.filter((r) => r.startsWith(`videos.test/${path}?`) && r.includes(encodeURIComponent('during=1')));
    // The page was replaced before its first frame, or that frame was hidden: none of the site was shown. What
    // painted in it, if anything did, was the guard's cover, with the site's content hidden.
    expect(reports('first-frame').filter((r) => r.includes('visible=true'))).toEqual([]);
    expect(reports('painted').filter((r) => !r.includes('hidden=true'))).toEqual([]);
    // Back to task brings the last on-task tab forward.
    await tab.getByTestId('block-back').click();
    await expect.poll(() => docs.evaluate(() => document.visibilityState)).toBe('visible');

    // Back, into the page of www.videos.test seen before the session.
    await travelled.bringToFront();
    await travelled.goBack().catch(() => {});
    await endsBlocked(travelled);

    // The session's timebox ends: nothing is blocked any more, by either line.
    await e2e().advanceClock(5 * 60_000 + 1_000);
    const after = await e2e().browser.context.newPage();
    await expect
      .poll(async () => (await visit(e2e(), after, 'videos.test', 'Cats app')) === e2e().pages.url('videos.test', 'Cats app'), {
        timeout: 15_000,
      })
      .toBe(true);
    await after.goto(SW_PAGE);
    await expect.poll(() => after.locator('[data-served-by="service-worker"]').count()).toBe(1);
    expect(after.url()).toBe(SW_PAGE);
  }, 120_000);
});

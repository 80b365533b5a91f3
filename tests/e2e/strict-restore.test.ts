// E2E: pages of a blocked site the browser brings back from its own memory — closed tabs reopened with Ctrl+Shift+T, the tabs a restart restores — end on the block page in real Chromium.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop } from './desktop';
import { e2eForSuite, type E2E } from './harness';
import { BLOCK_PAGE, endsBlocked, pageOf, startStrict, SW_PAGE, visitedBefore } from './strict-steps';

/** The tab Ctrl+Shift+T brings back, pressed in the window showing `windowTitle`. */
async function reopenClosedTab(e2e: E2E, windowTitle: string): Promise<Page> {
  const x = desktop(e2e.display);
  await x.activateByName(windowTitle);
  const [reopened] = await Promise.all([e2e.browser.context.waitForEvent('page', { timeout: 15_000 }), x.keys('ctrl+shift+t')]);
  return reopened;
}

describe('a strict session holds on pages the browser brings back', () => {
  const e2e = e2eForSuite();

  it('closed tabs reopened with Ctrl+Shift+T and the tabs a restart restores end on the block page; the site is never asked', async () => {
    await visitedBefore(e2e());
    // Before the session: a page of the site from the network (www.) and one its service worker serves, both closed.
    const plain = await e2e().browser.context.newPage();
    await plain.goto('http://www.videos.test/?title=Plain%20cats&closed=1');
    await plain.close();
    const served = await e2e().browser.context.newPage();
    await served.goto(`${SW_PAGE}&closed=1`);
    await expect.poll(() => served.locator('[data-served-by="service-worker"]').count()).toBe(1);
    await served.close();
    // And a tab that went on from a page of the site: its history holds it across the restart.
    const travelled = await e2e().browser.context.newPage();
    await travelled.goto('http://www.videos.test/?title=Old%20cats&history=1');
    await travelled.goto(e2e().pages.url('docs.test', 'Reading list'));

    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    // The popup's tab stays open: closed, it would be the tab Ctrl+Shift+T brings back first.
    await startStrict(e2e(), docs, 5);
    const asked = () => e2e().pages.requests.filter((r) => /^(www\.)?videos\.test\/\?/.test(r)).length;
    const before = asked();

    // Ctrl+Shift+T: the last closed first (the service worker's page), then the one from the network.
    await docs.bringToFront();
    const reopenedServed = await reopenClosedTab(e2e(), 'Parser design notes');
    await endsBlocked(reopenedServed);
    await docs.bringToFront();
    const reopenedPlain = await reopenClosedTab(e2e(), 'Parser design notes');
    await endsBlocked(reopenedPlain);
    expect(asked()).toBe(before);

    // A restart that restores the windows: the session comes back with them, and so do its block pages.
    await e2e().restart({ restoreLastSession: true });
    const restored = e2e().browser.context.pages();
    // The person looks at each tab that came back: a block page Chrome restored to an error before the worker could
    // hear of it (a busy start reports it to nobody) is loaded again when it is brought to the front.
    for (const tab of restored) await tab.bringToFront();
    await expect
      .poll(
        () =>
          e2e()
            .browser.context.pages()
            .filter((p) => pageOf(p.url()) === BLOCK_PAGE).length,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    for (const tab of e2e()
      .browser.context.pages()
      .filter((p) => pageOf(p.url()) === BLOCK_PAGE))
      await endsBlocked(tab);
    expect(restored.filter((p) => /^http:\/\/(www\.)?videos\.test\//.test(p.url()))).toEqual([]);
    // Back, in the restored tab, into the page of the site it showed before the session.
    const reading = e2e()
      .browser.context.pages()
      .find((p) => p.url().startsWith('http://docs.test/') && p.url().includes('Reading'));
    expect(reading).toBeDefined();
    await reading!.bringToFront();
    await reading!.goBack().catch(() => {});
    await endsBlocked(reading!);
    expect(asked()).toBe(before);

    // The timebox ends: the block pages say the site is open again.
    await e2e().advanceClock(5 * 60_000 + 1_000);
    await reading!.getByTestId('block-over').waitFor({ timeout: 15_000 });
  }, 150_000);
});

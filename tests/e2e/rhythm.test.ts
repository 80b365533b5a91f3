// E2E: a 1-minute work / 1-minute break rhythm: the break shows on the badge and in the popup, and nothing is judged or bannered in it.
// The work minute runs on the real clock and chrome.alarms; the break's minute on the extension's test clock.
import { describe, expect, it } from 'vitest';
import { e2eForSuite, PARSER_TESTS } from './harness';
import { Toast } from './pages';

const MIN = 60_000;

describe('a session with a work/break rhythm', () => {
  const e2e = e2eForSuite();
  const judgeCalls = () =>
    e2e()
      .calls()
      .filter((c) => c.role === 'judge');

  it('after the first minute the break: BRK, no banner and no judge for a would-drift page, the popup says Break; then work again', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    await docs.bringToFront();
    const popup = await e2e().popup();
    await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test'] });
    await popup.byId('rhythm-choice').selectOption('custom');
    await popup.byId('rhythm-work').fill('1');
    await popup.byId('rhythm-break').fill('1');
    const startedAt = Date.now();
    await popup.start();
    await expect.poll(() => popup.byId('rhythm').textContent()).toMatch(/^Work — break in 0:\d\d$/);
    await popup.page.close();
    await e2e().expectBadge('ON');

    // The first minute of work ends: the break, on time.
    await e2e().expectBadge('BRK', MIN + 15_000);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(MIN - 1_000);
    const callsBefore = judgeCalls().length;

    // A blocked site and an unknown one (the fake judge calls it drift): no banner, no judge call.
    const videos = await e2e().openSite('videos.test', 'Funny cats compilation');
    await videos.bringToFront();
    const news = await e2e().openSite('news.test', 'Breaking: markets rally');
    await news.bringToFront();
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await e2e().badge()).toBe('BRK');
    expect(await new Toast(videos).tier()).toBeNull();
    expect(await new Toast(news).tier()).toBeNull();
    expect(judgeCalls()).toHaveLength(callsBefore);

    const during = await e2e().popup();
    await expect.poll(() => during.status()).toBe('Break');
    expect(await during.byId('rhythm').textContent()).toMatch(/^Break — back to work in 0:\d\d$/);
    expect(await during.page.locator('main.popup').getAttribute('data-view')).toBe('break');
    await during.page.close();
    expect(judgeCalls()).toHaveLength(callsBefore);

    // The break's minute passes on the extension's clock (the edge above was the real one): five seconds
    // before its end the popup counts them down and it is still the break.
    const late = await e2e().popup();
    await e2e().advanceClock(startedAt + 2 * MIN - 5_000 - Date.now());
    await expect.poll(() => late.byId('rhythm').textContent(), { timeout: 10_000 }).toMatch(/^Break — back to work in 0:0[0-5]$/);
    expect(await e2e().badge()).toBe('BRK');
    await late.page.close();

    // Work comes back: the page in front is looked at again (judged now), and its drift shows.
    await news.bringToFront();
    await e2e().advanceClock(6_000);
    await e2e().expectBadge('!', 20_000);
    expect(judgeCalls().filter((c) => c.app === 'news.test')).toHaveLength(1);
    await new Toast(news).expectTier('drift');
  }, 120_000);
});

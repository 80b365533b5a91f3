// Firefox ESR: a strict session's block page, the wait End starts while the session runs, the site loading once the timebox ends, and restarts.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { firefoxForSuite, hostStatus } from './harness';
import { addressOf, BLOCK_PAGE, blockPageFor, pageOf, startStrict, visit } from './strict-steps';

describe('a strict session in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  it('the block page, End starting the wait while the session runs, and the site loading after the timebox', async () => {
    const ff = firefox();
    const { popup, startedAt } = await startStrict(ff);

    const tab = await ff.browser.newPage();
    visit(tab, 'videos.test', 'Funny cats compilation');
    // The rule's substitution hands the block page that one address after its `#`, whole.
    const address = 'http://videos.test/?title=Funny%20cats%20compilation';
    await waitFor(async () => (await addressOf(tab)) === blockPageFor(address), 'the block page, told the address');
    await tab.waitForSelector('[data-testid="block-page"]');
    expect(await tab.$eval('[data-testid="block-next-action"]', (e) => e.textContent)).toContain('Write the parser tests');

    // Save for later there: the address goes on the Later list (a popup opened now counts it).
    await tab.click('[data-testid="block-save-later"]');
    const counting = await ff.extensionPage('popup.html');
    await waitFor(
      async () =>
        ((await counting.$eval('[data-testid="later-count"]', (e) => e.textContent).catch(() => '')) ?? '').includes('Saved for later: 1'),
      'the popup counting the saved page',
    );
    await counting.close();

    await popup.bringToFront();
    await popup.click('[data-testid="end-session"]');
    await popup.waitForSelector('main.popup[data-view="wait"]');
    expect(await popup.$eval('[data-testid="wait-confirm"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await ff.badge()).toBe('ON');
    await popup.click('[data-testid="keep-going"]');
    await popup.waitForSelector('[data-testid="commitment-text"]');

    // The timebox ends on the add-on's clock, moved past it (Chromium's tier waits out a real one).
    await ff.advanceClock(Math.max(0, startedAt + 61_000 - Date.now()));
    await waitFor(
      async () => {
        visit(tab, 'videos.test', 'Funny cats compilation');
        await new Promise((resolve) => setTimeout(resolve, 700));
        return (await addressOf(tab)).startsWith('http://videos.test/');
      },
      'videos.test to load after the timebox',
      20_000,
    );
    expect(await tab.title()).toBe('Funny cats compilation');
  }, 120_000);
});

describe('a strict session across Firefox restarts (the add-on sideloaded into the profile)', () => {
  const firefox = firefoxForSuite({ persistent: true });

  it('a browser restart mid-session still blocks and keeps what the work involves; a timebox that ran out while Firefox was closed leaves nothing blocked', async () => {
    const ff = firefox();
    const { popup, startedAt } = await startStrict(ff, 1, 'the parser RFC on docs.test');
    expect(await popup.$eval('[data-testid="commitment-involves"]', (e) => e.textContent)).toBe('Involves: the parser RFC on docs.test');

    await ff.restart();
    // The session came back (nothing is on screen yet to judge: "–"), and with it the helper and the blocking.
    await waitFor(async () => (await ff.badge()) === '–', 'badge – after the restart', 20_000);
    const again = await ff.extensionPage('popup.html');
    await again.waitForSelector('[data-testid="commitment-text"]');
    // Involves came back with the session from storage.
    expect(await again.$eval('[data-testid="commitment-involves"]', (e) => e.textContent)).toBe('Involves: the parser RFC on docs.test');
    await waitFor(async () => (await hostStatus(again)).includes('helper connected'), 'helper connected after the restart', 20_000);
    const tab = await ff.browser.newPage();
    await waitFor(
      async () => {
        visit(tab, 'videos.test', 'Funny cats compilation');
        await new Promise((resolve) => setTimeout(resolve, 700));
        return pageOf(await addressOf(tab)) === BLOCK_PAGE;
      },
      'the block page after the restart',
      15_000,
    );
    await tab.waitForSelector('[data-testid="block-page"]');

    // Closed across the timebox's end (the add-on's clock is past it when Firefox starts again): the event page that starts afterwards blocks nothing.
    await ff.passWhileClosed(Math.max(0, startedAt + 62_000 - Date.now()));
    await ff.stop();
    await ff.start();
    // The event page has run again (the session is back, judged as nothing yet) before the site is tried.
    await waitFor(async () => (await ff.badge()) === '–', 'badge – after the start', 20_000);
    const after = await ff.browser.newPage();
    await waitFor(
      async () => {
        visit(after, 'videos.test', 'Funny cats compilation');
        await new Promise((resolve) => setTimeout(resolve, 700));
        return (await addressOf(after)).startsWith('http://videos.test/');
      },
      'videos.test to load after the timebox ran out while Firefox was closed',
      15_000,
    );
    expect(await after.title()).toBe('Funny cats compilation');
  }, 150_000);
});

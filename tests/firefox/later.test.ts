// Firefox ESR: the in-page banner's Save for later closes the tab and keeps it; the popup counts it during the session and lists it after.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { clickInToast, firefoxForSuite, startSessionIn, toastTier } from './harness';

describe('save for later in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  it('the banner’s Save for later: the tab closes, the popup counts it, and after the session it is on the Later list', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser design notes');
    const popup = await ff.extensionPage('popup.html');
    await docs.bringToFront();
    await startSessionIn(popup, { allowed: ['docs.test'], blocked: ['videos.test'] });
    await docs.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');

    const videos = await ff.openSite('videos.test', 'Funny cats compilation');
    await videos.bringToFront();
    await waitFor(async () => (await toastTier(videos)) === 'drift', 'the drift toast');
    await clickInToast(videos, 'drift-save');
    await waitFor(async () => !(await ff.browser.pages()).includes(videos), 'the saved tab to close');
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON once the on-task tab is back');

    const counting = await ff.extensionPage('popup.html');
    await waitFor(
      async () =>
        (await counting.$eval('[data-testid="later-count"]', (e) => e.textContent ?? '').catch(() => '')).includes('Saved for later: 1'),
      'the popup to count the saved page',
    );
    await counting.click('[data-testid="end-session"]');
    await counting.waitForSelector('[data-testid="review-skip"]');
    await counting.click('[data-testid="review-skip"]');
    const summary = await counting.waitForSelector('[data-testid="later-summary"]');
    expect(await summary!.evaluate((e) => e.textContent)).toBe('Saved for later (1)');
    await counting.click('[data-testid="later-summary"]');
    expect(await counting.$eval('[data-testid="later-entry"]', (e) => e.textContent ?? '')).toContain('Funny cats compilation');
  });
});

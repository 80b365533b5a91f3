// Firefox ESR: the heads-up nudge on an allowed page whose title wanders, shown in the page and dismissed.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { clickInToast, firefoxForSuite, startSessionIn, toastFrame, toastTier } from './harness';

const LEXERS = 'You seem to be reading about lexers, not writing parser tests.';

describe('the heads-up nudge in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  it('a wandering title on an allowed page: heads-up in the page, badge ?, Dismiss hides it', async () => {
    const ff = firefox();
    const options = await ff.extensionPage('options.html');
    await options.waitForSelector('[data-testid="nudge-interval"]');
    await options.$eval('[data-testid="nudge-interval"]', (input) => ((input as HTMLInputElement).value = ''));
    await options.type('[data-testid="nudge-interval"]', '0.25');
    await options.click('[data-testid="settings-save"]');
    await options.waitForSelector('[data-testid="settings-saved"]');

    const docs = await ff.openSite('docs.test', 'Parser tests plan');
    const popup = await ff.extensionPage('popup.html');
    await startSessionIn(popup, { allowed: ['docs.test'], blocked: [] });
    await docs.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');
    await docs.evaluate(() => (document.title = 'Lexer generators compared'));

    await waitFor(async () => (await toastTier(docs)) === 'nudge', 'the heads-up', 40_000);
    const message = await (await toastFrame(docs))!.$eval('[data-testid="nudge-message"]', (e) => e.textContent ?? '');
    expect(message).toBe(LEXERS);
    expect(await ff.badge()).toBe('?');
    expect(ff.calls().filter((c) => c.role === 'nudge').length).toBeGreaterThan(0);
    await clickInToast(docs, 'nudge-dismiss');
    await waitFor(async () => (await toastTier(docs)) === null, 'the heads-up dismissed');
  });
});

// E2E: the semantic nudge on allowed sites: Heads-up toast, Dismiss in every tab, a new message shows again.
import { describe, expect, it } from 'vitest';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';

const LEXERS = 'You seem to be reading about lexers, not writing parser tests.';
const TOKENIZERS = 'You seem to be comparing tokenizers, not writing parser tests.';

describe('the heads-up nudge', () => {
  const e2e = e2eForSuite();

  it('shows a heads-up on allowed pages whose titles wander, dismissed everywhere, and a new one shows again', async () => {
    const options = await e2e().options();
    await options.setNudgeInterval(0.25);
    await options.page.close();

    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    await startSession(e2e(), docs, {
      allowed: ['docs.test'],
      blocked: [],
    });
    await e2e().expectBadge('ON');
    await docs.bringToFront();
    await docs.evaluate(() => (document.title = 'Lexer generators compared'));

    const first = new Toast(docs);
    await first.expectTier('nudge', 15_000);
    expect(await first.text('nudge-message')).toBe(LEXERS);
    expect(await e2e().badge()).toBe('?');
    await first.settled();
    await e2e().screenshot(docs, 'toast-nudge');

    const popup = await e2e().popup();
    await expect.poll(() => popup.page.getByText(LEXERS).count()).toBe(1);
    await e2e().screenshot(popup.page, 'popup-heads-up', popup.frame());
    await popup.page.close();

    const second = await e2e().openSite('docs.test', 'Lexer design: maximal munch');
    await second.bringToFront();
    const secondToast = new Toast(second);
    await secondToast.expectTier('nudge');

    await docs.bringToFront();
    await first.expectTier('nudge');
    await first.click('nudge-dismiss');
    await first.expectTier(null);
    await second.bringToFront();
    await secondToast.expectTier(null);
    const nudgesBefore = e2e()
      .calls()
      .filter((c) => c.role === 'nudge').length;

    // The trajectory moves on: after the interval, a different message is worth showing again.
    await second.evaluate(() => (document.title = 'Tokenizer benchmarks: hand-written vs generated'));
    await expect.poll(() => secondToast.text('nudge-message').catch(() => ''), { timeout: 45_000, interval: 250 }).toBe(TOKENIZERS);
    await secondToast.expectTier('nudge');
    expect(
      e2e()
        .calls()
        .filter((c) => c.role === 'nudge').length,
    ).toBeGreaterThan(nudgesBefore);
  });
});

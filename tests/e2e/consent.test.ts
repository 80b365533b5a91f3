// E2E: nothing leaves without a yes, in real Chromium with the real helper: the fake claude counts what reached it before Allow, after it, and after a withdrawal.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eForSuite, startSession } from './harness';

describe('consent before any title leaves', () => {
  // A person who has answered nothing yet.
  const e2e = e2eForSuite({ allow: [] });
  const received = () => e2e().calls();
  /** Judge debounce and the AI timeout, on the extension's clock: long enough for any call to have been made. */
  const letTimePass = () => e2e().advanceClock(40_000);

  it('the popup asks; nothing reaches claude before Allow, the page in front is judged after it, and nothing after Withdraw', async () => {
    // ollama stays on this computer and would run without a yes: off the PATH, claude is the one AI there is.
    rmSync(join(e2e().bin, 'ollama'));
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    const popup = await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: [] });
    await popup.page.evaluate(() => chrome.runtime.sendMessage({ type: 'reconnectHost' }));
    await popup.page.locator('[data-testid="popup-foot"][data-setup-state="ai-consent"]').waitFor({ timeout: 20_000 });
    expect(await popup.byId('host-status').textContent()).toBe(
      'AI waits for your yes: may claude send your commitment and the titles and sites you look at to Anthropic?',
    );
    await popup.page.close();

    // An unmatched site: with AI it is judged at once; here it is only "not sure", and claude hears nothing.
    const news = await e2e().openSite('news.test', 'Breaking: markets rally');
    await news.bringToFront();
    await e2e().expectBadge('–');
    await letTimePass();
    expect(received()).toEqual([]);

    const asking = await e2e().popup();
    await asking.byId('consent-allow').click();
    await asking.page.locator('[data-testid="popup-foot"][data-setup-state="ready"]').waitFor();
    await asking.page.close();
    await news.bringToFront();
    // The yes re-reads the page in front: judged now, with its title.
    await e2e().expectBadge('!', 15_000);
    expect(received().map((c) => c.role)).toEqual(['judge']);
    expect(received()[0]!.app).toBe('news.test');

    const options = await e2e().options();
    await options.byId('consent-claude').waitFor();
    expect(await options.byId('consent-claude').getAttribute('data-state')).toBe('allowed');
    await options.byId('consent-withdraw-claude').click();
    await expect.poll(() => options.byId('consent-claude').getAttribute('data-state')).toBe('unasked');
    await options.page.close();

    const forum = await e2e().openSite('forum.test', 'Best mechanical keyboards thread');
    await forum.bringToFront();
    await e2e().expectBadge('–');
    await letTimePass();
    expect(received()).toHaveLength(1);
    const again = await e2e().popup();
    await again.page.locator('[data-testid="popup-foot"][data-setup-state="ai-consent"]').waitFor();
  });
});

// E2E: the page is not the person. A hostile page's own script reads what it can of the banner, clicks it, types Escape and
// Enter, moves focus, posts messages, removes the banner and frames the block page and the popup; nothing is read, nothing
// is done, the banner comes back (within bounds), and a person's click still answers.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN } from '../../harness/chromium';
import { whatThePageGot, type HostileReport } from '../../harness/hostile-page';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';

const report = (page: Page) => page.evaluate(() => (window as unknown as { hostileReport: HostileReport }).hostileReport);

describe('a hostile page', () => {
  const e2e = e2eForSuite();

  async function diagnostics(): Promise<string[]> {
    const page = await e2e().browser.context.newPage();
    await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
    const reply = (await page.evaluate(() => chrome.runtime.sendMessage({ type: 'getDiagnostics' }))) as {
      value: { message: string }[];
    };
    await page.close();
    return reply.value.map((d) => d.message);
  }

  it('reads nothing of the banner, answers nothing for the person, and the framed block page acts on nothing', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: ['hostile.test'] });
    await e2e().expectBadge('ON');
    // The block page at its per-session address (as if the page had learnt it), at the fixed one, and the popup.
    const dynamicBlocked = await (await e2e().sw()).evaluate(() => chrome.runtime.getURL('blocked.html'));
    const framed = [
      `${dynamicBlocked}?site=hostile.test`,
      `${EXTENSION_ORIGIN}/blocked.html?site=hostile.test`,
      `${EXTENSION_ORIGIN}/popup.html`,
    ];
    const hostile = await e2e().browser.context.newPage();
    await hostile.goto(`http://hostile.test/hostile?title=Hostile&framed=${encodeURIComponent(framed.join(' '))}`);
    await hostile.bringToFront();
    await e2e().expectBadge('!');
    const toast = new Toast(hostile);
    await toast.expectTier('drift');
    await expect.poll(async () => (await report(hostile)).clicks, { timeout: 10_000 }).toBeGreaterThan(8);

    // Nothing read, no shadow root opened, no frame's words, no message from a frame of ours, nothing over a guessed channel.
    expect(whatThePageGot(await report(hostile), ['Write the parser tests', 'on your blocked list'])).toEqual([]);

    // Nothing was answered: still drifting, nothing allowed, the session running.
    expect(await e2e().badge()).toBe('!');
    expect(await toast.tier()).toBe('drift');
    const popup = await e2e().popup();
    expect(await popup.status()).toBe('Drifting');
    await popup.page.close();
    const options = await e2e().options();
    expect(await options.addedFromBanner()).toEqual([]);
    await options.page.close();
    // The page's size messages moved nothing: the frame is as tall as the banner.
    expect((await (await toast.frame()!.frameElement()).boundingBox())!.height).toBeLessThan(400);
    expect(await diagnostics()).toEqual(expect.arrayContaining([expect.stringMatching(/^hostile\.test sent \d+ events no person made/)]));

    // The block page framed at its per-session address renders a note and nothing to press.
    const framedAt = async (src: string) => (await hostile.$(`iframe[data-framed="${src}"]`))!.contentFrame();
    const blockFrame = (await framedAt(framed[0]!))!;
    await blockFrame.getByTestId('block-framed').waitFor();
    expect(await blockFrame.locator('button, a, input').count()).toBe(0);
    expect(await blockFrame.locator('body').innerText()).not.toContain('Write the parser tests');
    // The fixed address and the popup (not web-accessible) are refused: the browser's error page, not ours.
    for (const refused of framed.slice(1)) expect((await framedAt(refused))!.url(), refused).toBe('chrome-error://chromewebdata/');

    // The person's own click still answers.
    await toast.click('drift-back');
    await e2e().expectBadge('ON');
    await hostile.close();
  });

  it('a page that keeps removing the banner sees it come back, ten times a minute at most, and diagnostics say so', async () => {
    const hostile = await e2e().browser.context.newPage();
    await hostile.goto('http://hostile.test/hostile?title=Remover#remove');
    await hostile.bringToFront();
    await e2e().expectBadge('!');
    await expect.poll(async () => (await report(hostile)).removals, { timeout: 15_000 }).toBeGreaterThanOrEqual(11);
    const removals = (await report(hostile)).removals;
    // Past the bound it stays away: no loop of removal and return.
    await expect.poll(async () => (await report(hostile)).texts.length, { timeout: 5_000 }).toBeGreaterThan(20);
    expect((await report(hostile)).removals).toBe(removals);
    expect(await diagnostics()).toEqual(expect.arrayContaining([expect.stringMatching(/^hostile\.test kept removing antidrift's banner/)]));
    // The badge still says it.
    expect(await e2e().badge()).toBe('!');
    await hostile.close();
  });
});

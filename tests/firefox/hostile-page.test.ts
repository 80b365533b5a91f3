// Firefox ESR: the page is not the person. A hostile page's own script reads what it can of the banner, clicks it, types
// Escape and Enter, moves focus, posts messages, removes the banner and frames the block page and the popup; nothing is
// read, nothing is done, the banner comes back, the framed block page acts on nothing, and a person's click still answers.
import type { Frame, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN } from '../../harness/firefox';
import { whatThePageGot, type HostileReport } from '../../harness/hostile-page';
import { waitFor } from '../../harness/processes';
import { clickInToast, firefoxForSuite, startSessionIn, toastTier } from './harness';

/** Read as JSON inside the page: WebDriver BiDi may refuse to carry another realm's object out. */
const report = async (page: Page): Promise<HostileReport> =>
  JSON.parse(
    await page.evaluate(() => JSON.stringify((window as unknown as { hostileReport: HostileReport }).hostileReport)),
  ) as HostileReport;

/** The frames of `page` holding `selector` (Playwright's Firefox gives moz-extension frames no address: found by content). */
async function framesHolding(page: Page, selector: string): Promise<Frame[]> {
  const found: Frame[] = [];
  for (const frame of page.frames()) if (frame !== page.mainFrame() && (await frame.$(selector).catch(() => null))) found.push(frame);
  return found;
}

describe('a hostile page in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  async function diagnostics(): Promise<string[]> {
    const page = await firefox().extensionPage('popup.html');
    const text = await page.evaluate(async () =>
      JSON.stringify(
        await (globalThis as unknown as { browser: { runtime: { sendMessage(m: object): Promise<unknown> } } }).browser.runtime.sendMessage(
          {
            type: 'getDiagnostics',
          },
        ),
      ),
    );
    await page.close();
    return (JSON.parse(text) as { value: { message: string }[] }).value.map((d) => d.message);
  }

  it('reads nothing of the banner, answers nothing, the framed block page acts on nothing; the banner comes back when removed', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser design notes');
    const popup = await ff.extensionPage('popup.html');
    await startSessionIn(popup, { allowed: ['docs.test'], blocked: ['hostile.test'] });
    await docs.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');

    const framed = [`${EXTENSION_ORIGIN}/blocked.html?site=hostile.test`, `${EXTENSION_ORIGIN}/popup.html`];
    const hostile = await ff.browser.newPage();
    await hostile.goto(`http://hostile.test/hostile?title=Hostile&framed=${encodeURIComponent(framed.join(' '))}`);
    await hostile.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge !');
    await waitFor(async () => (await toastTier(hostile)) === 'drift', 'the drift banner');
    await waitFor(async () => (await report(hostile)).clicks > 8, 'the page at work on the banner');

    // Nothing read, no shadow root opened, no frame's words, no message from a frame of ours, nothing over a guessed channel.
    expect(whatThePageGot(await report(hostile), ['Write the parser tests', 'on your blocked list'])).toEqual([]);

    // Nothing was answered: still drifting, the session running, nothing allowed.
    expect(await ff.badge()).toBe('!');
    expect(await toastTier(hostile)).toBe('drift');
    expect(await diagnostics()).toEqual(expect.arrayContaining([expect.stringMatching(/^hostile\.test sent \d+ events no person made/)]));

    // The framed block page shows its inert note and nothing to press; the popup (not web-accessible) never renders.
    await waitFor(async () => (await framesHolding(hostile, '[data-testid="block-framed"]')).length === 1, 'the framed block page’s note');
    const [blockFrame] = await framesHolding(hostile, '[data-testid="block-framed"]');
    expect(await blockFrame!.$$('button, a, input')).toHaveLength(0);
    expect(await framesHolding(hostile, '[data-testid="next-action"], [data-testid="commitment-text"]')).toEqual([]);

    // A person's click still answers.
    await clickInToast(hostile, 'drift-back');
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON after Back to task');
    await hostile.close();

    // A page that keeps removing the banner sees it back, ten times a minute at most, then it stays away; diagnostics say so.
    const remover = await ff.browser.newPage();
    await remover.goto('http://hostile.test/hostile?title=Remover#remove');
    await remover.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge ! on the remover');
    await waitFor(async () => (await report(remover)).removals >= 11, 'ten returns and a removal', 20_000);
    const removals = (await report(remover)).removals;
    const ticks = (await report(remover)).texts.length;
    await waitFor(async () => (await report(remover)).texts.length > ticks + 10, 'the page’s script going on');
    expect((await report(remover)).removals).toBe(removals);
    expect(await diagnostics()).toEqual(expect.arrayContaining([expect.stringMatching(/^hostile\.test kept removing antidrift's banner/)]));
    expect(await ff.badge()).toBe('!');
  });
});

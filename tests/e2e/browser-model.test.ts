// E2E: the browser's built-in model. Debian's Chromium has none (listed unavailable, Automatic keeps the CLI backend);
// with a fake LanguageModel put into the running service worker by the test, a person with no helper at all gets the judge and the heads-up.
import { describe, expect, it } from 'vitest';
import { fakeModelScript } from './fake-model';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';
import { EXTENSION_PAGES } from '../../shared/extension-pages';

describe("without a built-in model (Debian's Chromium)", () => {
  const e2e = e2eForSuite();

  it('Options lists it as unavailable with the reason; Automatic uses the CLI backend', async () => {
    const options = await e2e().options();
    await expect
      .poll(() => options.byId('browser-model-line').textContent())
      .toContain("The browser's built-in model is unavailable: the browser says it cannot run here: a Chrome build without the model");
    const option = options.page.locator('[data-testid="backend-select"] option[value="browser"]');
    expect(await option.isDisabled()).toBe(true);
    await options.page.close();
    const popup = await e2e().popup();
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('AI: claude · helper connected');
    expect(await popup.byId('browser-model-status').count()).toBe(0);
  });
});

describe('with the built-in model and no helper at all', () => {
  const e2e = e2eForSuite({ helper: false });

  it('an unmatched tab is judged by the model in the browser and the banner shows; the heads-up works too', async () => {
    // A first install with no helper opens the welcome page by itself. It stays open: it may be the browser's
    // only window, and closing that would quit the browser.
    const welcome = () =>
      e2e()
        .browser.context.pages()
        .filter((p) => p.url().endsWith(EXTENSION_PAGES.welcome));
    await expect.poll(() => welcome().length, { timeout: 10_000 }).toBe(1);
    const sw = await e2e().sw();
    await sw.evaluate(await fakeModelScript());
    const options = await e2e().options();
    await options.setNudgeInterval(0.25);
    // What Options does after a download: the worker asks the browser again.
    await options.page.evaluate(() => chrome.runtime.sendMessage({ type: 'checkAIPorts' }));
    await expect
      .poll(() => options.byId('browser-model-line').textContent())
      .toContain('is ready: titles it judges never leave this computer');
    expect(await options.byId('browser-model-helper-note').textContent()).toContain(
      'apps outside the browser are seen only with the helper',
    );
    // The welcome page names the model among what works already, and leads with the helper for desktop apps.
    await welcome()[0]!.waitForSelector('[data-setup-state="browser-model-only"]');
    expect(await welcome()[0]!.getByTestId('works-model').textContent()).toBe(
      "The browser's built-in model judges the other sites, on this computer.",
    );

    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    const popup = await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: [] });
    await expect
      .poll(() => popup.hostStatus(), { timeout: 15_000 })
      .toBe("AI: the browser's built-in model · desktop apps need the helper.");
    await e2e().expectBadge('ON');

    await docs.bringToFront();
    await docs.evaluate(() => (document.title = 'Lexer generators compared'));
    const headsUp = new Toast(docs);
    await headsUp.expectTier('nudge', 20_000).catch(async (error: Error) => {
      const seen = await sw.evaluate(() =>
        (globalThis as unknown as { __antidriftFakeModel: { prompts: { input: string }[] } }).__antidriftFakeModel.prompts.map((p) =>
          p.input.slice(0, 400),
        ),
      );
      throw new Error(`${error.message}; the model was asked: ${JSON.stringify(seen)}`);
    });
    expect(await headsUp.text('nudge-message')).toBe('The built-in model thinks you are reading about lexers.');
    expect(await e2e().badge()).toBe('?');
    const news = await e2e().openSite('news.test', 'Breaking: markets rally');
    await news.bringToFront();
    await e2e().expectBadge('!', 15_000);
    const toast = new Toast(news);
    await toast.expectTier('drift');
    expect(await toast.text('drift-reason')).toContain('the built-in model: headlines are not the parser tests');

    // Nothing went through a helper: there is none, and no CLI was started.
    expect(e2e().calls()).toEqual([]);
    const prompts = await sw.evaluate(
      () => (globalThis as unknown as { __antidriftFakeModel: { prompts: { input: string }[] } }).__antidriftFakeModel.prompts.length,
    );
    expect(prompts).toBeGreaterThanOrEqual(2);
  });
});

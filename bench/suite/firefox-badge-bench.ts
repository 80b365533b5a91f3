// Section 2f: tab switch → badge in real Firefox ESR (the Firefox build as a temporary add-on, the built host), beside Chromium's.
import type { Page } from 'puppeteer-core';
import { startFirefox } from '../../harness/firefox';
import { clockOffset, measureFlips, type ExtensionContext, type Flips } from './badge-bench';
import { round, wallNow } from './stats';

export interface FirefoxBadgeResult {
  tab: Flips;
  firefoxVersion: string;
  clockUncertaintyMs: number;
}

/** An extension page, seen as the extension context: Firefox's event-page background is not reachable over BiDi. */
function pageContext(page: Page): ExtensionContext {
  return { evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never };
}

export async function benchFirefoxBadge(opts: { tabSwitches: number }): Promise<FirefoxBadgeResult> {
  const ff = await startFirefox();
  try {
    const reader = await ff.extensionPage('popup.html');
    const reply = await reader.evaluate(
      (input) => (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({ type: 'startSession', input }),
      {
        commitment: { nextAction: 'Benchmark the badge', successCondition: 'every switch measured' },
        allowed: ['docs.test'],
        blocked: ['videos.test'],
      },
    );
    if (!(reply as { ok?: boolean }).ok) throw new Error(`startSession failed: ${JSON.stringify(reply)}`);
    const docs = await ff.openSite('docs.test', 'Parser reference');
    const videos = await ff.openSite('videos.test', 'Cat videos');
    const sw = pageContext(reader);
    const { offset, uncertainty } = await clockOffset(sw);
    const bring = (page: Page) => async () => {
      await page.bringToFront();
      return wallNow();
    };
    await videos.bringToFront();
    const tab = await measureFlips(sw, offset, opts.tabSwitches * 2, [
      { expect: 'ON', go: bring(docs) },
      { expect: '!', go: bring(videos) },
    ]);
    return { tab, firefoxVersion: await ff.browser.version(), clockUncertaintyMs: round(uncertainty, 2) };
  } finally {
    await ff.close();
  }
}

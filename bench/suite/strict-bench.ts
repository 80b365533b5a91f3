// Section 9, strict: what a blocked navigation costs — the block page's first paint after the navigation starts — beside an unblocked one, in real Chromium.
import type { Page } from 'playwright-core';
import { EXTENSION_ORIGIN, type ExtensionBrowser } from '../../harness/chromium';
import { benchProfile } from './bench-profile';
import { summarize, type Summary } from './stats';

export interface StrictBenchResult {
  visits: number;
  /** Navigation start → first contentful paint of the block page (the redirect included), in the page's own clock. */
  blockedFirstPaintMs: Summary;
  /** The same for an unblocked site, with the same strict session's rules in place. */
  unblockedFirstPaintMs: Summary;
  /** The same for that site with no session at all: what the rules cost a site they do not block. */
  noSessionFirstPaintMs: Summary;
}

/** Page-side: waits for the first contentful paint; resolves with its time from the navigation's start (timeOrigin). */
const READ_PAINT = `new Promise((resolve, reject) => {
  const deadline = performance.now() + 15000;
  const poll = () => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (paint) resolve({ at: paint.startTime, url: location.href });
    else if (performance.now() > deadline) reject(new Error('no first contentful paint'));
    else setTimeout(poll, 5);
  };
  poll();
})`;

/** One visit in a fresh tab, as a person typing the address; returns the paint time and where the tab landed. */
async function visit(browser: ExtensionBrowser, url: string): Promise<{ at: number; url: string }> {
  const page: Page = await browser.context.newPage();
  try {
    // A redirect to the block page may abort Playwright's wait for the original address; the landed page answers.
    await page.goto(url).catch(() => {});
    await page.waitForLoadState('domcontentloaded');
    return (await page.evaluate(READ_PAINT)) as { at: number; url: string };
  } finally {
    await page.close();
  }
}

async function sample(browser: ExtensionBrowser, url: string, expect: RegExp, visits: number): Promise<number[]> {
  const out: number[] = [];
  // Two visits first, uncounted: the first paints of a fresh profile include its one-time set-up.
  for (let i = 0; i < visits + 2; i++) {
    const v = await visit(browser, url);
    if (!expect.test(v.url)) throw new Error(`expected ${expect}, landed on ${v.url}`);
    if (i >= 2) out.push(v.at);
  }
  return out;
}

async function send(page: Page, message: unknown): Promise<void> {
  const reply = await page.evaluate((m) => chrome.runtime.sendMessage(m), message);
  if (!(reply as { ok?: boolean }).ok) throw new Error(`${JSON.stringify(message)} failed: ${JSON.stringify(reply)}`);
}

export async function benchStrict(opts: { visits: number }): Promise<StrictBenchResult> {
  const profile = await benchProfile('strict');
  let browser: ExtensionBrowser | undefined;
  try {
    browser = await profile.launch();
    await browser.serviceWorker();
    const site = (host: string) => profile.server.url(host, `A page on ${host}`);
    const noSession = await sample(browser, site('docs.test'), /^http:\/\/docs\.test\//, opts.visits);
    const control = await browser.context.newPage();
    await control.goto(`${EXTENSION_ORIGIN}/popup.html`);
    await send(control, {
      type: 'startSession',
      input: {
        commitment: { nextAction: 'Write the parser tests', successCondition: 'parser.test.ts passes' },
        allowed: ['docs.test'],
        blocked: ['videos.test'],
        strict: true,
      },
    });
    const blocked = await sample(browser, site('videos.test'), /\/blocked\.html\?site=videos\.test$/, opts.visits);
    const unblocked = await sample(browser, site('docs.test'), /^http:\/\/docs\.test\//, opts.visits);
    return {
      visits: opts.visits,
      blockedFirstPaintMs: summarize(blocked),
      unblockedFirstPaintMs: summarize(unblocked),
      noSessionFirstPaintMs: summarize(noSession),
    };
  } finally {
    await browser?.close();
    await profile.dispose();
  }
}

// Firefox end-to-end fixture: one Firefox per suite (started by harness/firefox.ts) and what the scenarios do in its pages.
import type { Frame, Page } from 'puppeteer-core';
import { waitFor } from '../../harness/processes';
import { afterAll, beforeAll } from 'vitest';
import { E2E_FIREFOX_BUILD, FirefoxStartStuck, startFirefox, type FirefoxE2E, type FirefoxOptions } from '../../harness/firefox';

/** Fills and starts a session in the popup page, as a person would. */
export async function startSessionIn(popup: Page, lists: { allowed: string[]; blocked: string[] }): Promise<void> {
  await fillCommitmentIn(popup, lists);
  await popup.click('[data-testid="start-session"]');
  await popup.waitForSelector('[data-testid="commitment-text"]');
}

/** Types the parser-tests commitment (and what it involves, when given) and the lists into the popup page's form. */
export async function fillCommitmentIn(popup: Page, lists: { allowed: string[]; blocked: string[]; involves?: string }): Promise<void> {
  await popup.waitForSelector('[data-testid="next-action"]');
  await popup.type('[data-testid="next-action"]', 'Write the parser tests');
  await popup.type('[data-testid="success-condition"]', 'All tests in parser.test.ts pass');
  if (lists.involves) {
    await popup.click('[data-testid="involves-add"]');
    await popup.waitForSelector('[data-testid="involves"]');
    await popup.type('[data-testid="involves"]', lists.involves);
  }
  for (const [list, entries] of [
    ['allowed-list', lists.allowed],
    ['blocked-list', lists.blocked],
  ] as const) {
    for (const entry of entries) {
      await popup.type(`[data-testid="${list}"]`, entry);
      await popup.keyboard.press('Enter');
    }
  }
}

/** The host status line of a popup or options page. */
export function hostStatus(page: Page): Promise<string> {
  return page.$eval('[data-testid="host-status"]', (e) => e.textContent ?? '');
}

/**
 * The in-page frame of a site page (the extension's `in-page.html`, inside the content script's closed shadow root), if
 * shown. Found by what it holds: Playwright's Firefox reports a moz-extension frame's address as about:blank.
 */
export async function toastFrame(page: Page): Promise<Frame | undefined> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    if (await frame.$('[data-testid="antidrift-toast"]').catch(() => null)) return frame;
  }
  return undefined;
}

/** The in-page surfaces' tier in a site page (`drift`, `nudge`), or null. */
export async function toastTier(page: Page): Promise<string | null> {
  const frame = await toastFrame(page);
  if (!frame) return null;
  return frame.$eval('[data-testid="antidrift-toast"]', (e) => e.getAttribute('data-tier')).catch(() => null);
}

/** Clicks a button of the in-page banner, as a person would (WebDriver BiDi's input: trusted). */
export async function clickInToast(page: Page, testId: string): Promise<void> {
  const frame = await waitFor(() => toastFrame(page), 'the in-page frame');
  const button = await frame.waitForSelector(`[data-testid="${testId}"]`);
  await button!.click();
}

/** One Firefox for the enclosing describe block: started before its tests, closed after them. */
export function firefoxForSuite(options: FirefoxOptions | (() => FirefoxOptions) = {}): () => FirefoxE2E {
  let ff: FirefoxE2E | undefined;
  beforeAll(async () => {
    // The end-to-end build (its test hooks move the clock) unless the suite brings its own add-on. The start includes two pages of a person's first steps (Allow the helper,
    // the yes to claude): on a loaded two-core machine beside the other tiers, a minute was not always enough.
    const start = () => startFirefox({ addonDir: E2E_FIREFOX_BUILD, ...(typeof options === 'function' ? options() : options) });
    try {
      ff = await start();
    } catch (error) {
      // A step stuck in WebDriver BiDi (seen once in CI, under the full run's load, never alone): one fresh start, said.
      if (!(error instanceof FirefoxStartStuck)) throw error;
      console.warn(`${error.message}; starting a fresh Firefox once more`);
      ff = await start();
    }
  }, 300_000);
  afterAll(async () => {
    await ff?.close();
  });
  return () => {
    if (!ff) throw new Error('Firefox did not start');
    return ff;
  };
}

// Steps the Firefox strict-session files share: where a tab is, a visit as a person typing the address, a returning visitor's service worker, the block pages shown, a strict session started from the popup.
import type { Page } from 'puppeteer-core';
import { waitFor } from '../../harness/processes';
import { EXTENSION_ORIGIN, type FirefoxE2E } from '../../harness/firefox';
import { fillCommitmentIn, hostStatus } from './harness';

export const BLOCK_PAGE = `${EXTENSION_ORIGIN}/blocked.html?site=videos.test`;
/** Exactly where a blocked `address` of videos.test lands: the block page, told that one address after its `#`. */
export const blockPageFor = (address: string): string => `${BLOCK_PAGE}#${address}`;
/** Which page a tab shows: its address up to the `#` (a block page carries the blocked address after it). */
export const pageOf = (url: string): string => url.split('#')[0]!;

/** Where a tab is now; a page being replaced cannot answer, and that is "not yet". */
export async function addressOf(page: Page): Promise<string> {
  try {
    return await page.evaluate(() => (document.readyState === 'complete' ? location.href : ''));
  } catch {
    return '';
  }
}

/** Starts a navigation as a person typing the address would (Firefox never resolves a goto that lands on moz-extension://). */
export function visit(page: Page, host: string, title: string): void {
  void page.goto(`http://${host}/?title=${encodeURIComponent(title)}`).catch(() => {});
}

/** A strict session with videos.test blocked and a timebox (1 minute unless said), started from the popup page with docs.test in front. */
export async function startStrict(ff: FirefoxE2E, timeboxMinutes = 1, involves?: string): Promise<{ popup: Page; startedAt: number }> {
  const docs = await ff.openSite('docs.test', 'Parser design notes');
  const popup = await ff.extensionPage('popup.html');
  await waitFor(async () => (await hostStatus(popup)).includes('helper connected'), 'helper connected');
  await fillCommitmentIn(popup, { allowed: ['docs.test'], blocked: ['videos.test'], ...(involves ? { involves } : {}) });
  await popup.$eval(
    '[data-testid="timebox"]',
    (input, minutes) => {
      (input as HTMLInputElement).value = String(minutes);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    timeboxMinutes,
  );
  await popup.click('[data-testid="strict"]');
  await docs.bringToFront();
  await popup.click('[data-testid="start-session"]');
  await popup.waitForSelector('[data-testid="commitment-text"]');
  const startedAt = Date.now();
  await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');
  return { popup, startedAt };
}

/** A page of the blocked site that its own service worker serves once `visitedBefore` has run. */
export const SW_PAGE = 'http://videos.test/?sw=1&title=Cats%20app';

/** Opens the site once before the session, as a returning visitor would have: its service worker installed and answering. */
export async function visitedBefore(ff: FirefoxE2E): Promise<void> {
  const first = await ff.browser.newPage();
  await first.goto(SW_PAGE);
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.reload();
  await waitFor(async () => (await first.$('[data-served-by="service-worker"]')) !== null, 'the page from its service worker');
  await first.close();
}

/** How many tabs show the block page now. */
export async function blockPagesShown(ff: FirefoxE2E): Promise<number> {
  let n = 0;
  for (const page of await ff.browser.pages()) if (pageOf(await addressOf(page)) === BLOCK_PAGE) n++;
  return n;
}

// Steps the strict-session end-to-end files share: a visit as a person typing the address, a returning visitor's service worker, the block page's check, and a strict session started from the popup.
import type { Page } from 'playwright-core';
import { EXTENSION_ORIGIN } from '../../harness/chromium';
import { expect } from 'vitest';
import { PARSER_TESTS, type E2E } from './harness';
import type { PopupPage } from './pages';

/** The block page a navigation to `site`'s entry lands on (without the blocked address it carries after `#`). */
export const blockPageOf = (site: string): string => `${EXTENSION_ORIGIN}/blocked.html?site=${site}`;
export const BLOCK_PAGE = blockPageOf('videos.test');
/** Exactly where a blocked `address` lands: the block page for `site`, told that one address after its `#`. */
export const blockPageFor = (site: string, address: string): string => `${blockPageOf(site)}#${address}`;

/** Which block page a tab shows: its address up to the `#`. */
export const pageOf = (url: string): string => url.split('#')[0]!;

/** The host of the blocked address a block page carries after its `#` (empty when it carries none). */
export function blockedHostIn(url: string): string {
  const at = url.indexOf('#');
  if (at < 0) return '';
  try {
    return new URL(url.slice(at + 1)).hostname;
  } catch {
    return '';
  }
}

/** A page of the blocked site that its own service worker serves once `visitedBefore` has run. */
export const SW_PAGE = 'http://videos.test/?sw=1&title=Cats%20app';

/** What the tab shows now: its address and, on the block page, the commitment it names. */
export async function blockPageShown(tab: Page, site = 'videos.test'): Promise<boolean> {
  if (pageOf(tab.url()) !== blockPageOf(site)) return false;
  // The page was told the address it stands in for, of the blocked site (`site` names a domain in these tests).
  const host = blockedHostIn(tab.url());
  if (host !== site && !host.endsWith(`.${site}`)) return false;
  await tab.getByTestId('block-page').waitFor();
  return (await tab.getByTestId('block-next-action').textContent())?.includes(PARSER_TESTS.nextAction) ?? false;
}

/** The tab ends on the block page for `site`'s entry, with the commitment in it. */
export async function endsBlocked(tab: Page, site = 'videos.test'): Promise<void> {
  await expect.poll(() => pageOf(tab.url()), { timeout: 10_000 }).toBe(blockPageOf(site));
  expect(await blockPageShown(tab, site)).toBe(true);
}

/** Opens the site once before the session, as a returning visitor would have: its service worker is installed and in control. */
export async function visitedBefore(e2e: E2E): Promise<void> {
  const first = await e2e.browser.context.newPage();
  await first.goto(SW_PAGE);
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The worker now answers navigations itself: a reload is served without the network.
  await first.reload();
  await expect.poll(() => first.locator('[data-served-by="service-worker"]').count()).toBe(1);
  await first.close();
}

/** Navigates `page` to `host` as a person typing it would; resolves with where the tab ended up. */
export async function visit(e2e: E2E, page: Page, host: string, title: string): Promise<string> {
  // A redirect to the block page can abort Playwright's own wait for the original address: the tab's address is the answer.
  await page.goto(e2e.pages.url(host, title)).catch(() => {});
  await page.waitForLoadState('domcontentloaded').catch(() => {});
  return page.url();
}

/** A strict session of `timeboxMinutes` on docs.test, blocking videos.test (and `alsoBlocked`) and the slack app. */
export async function startStrict(e2e: E2E, site: Page, timeboxMinutes: number, alsoBlocked: string[] = []): Promise<PopupPage> {
  await site.bringToFront();
  const popup = await e2e.popup();
  await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test', ...alsoBlocked, 'slack'] });
  await popup.byId('timebox').fill(String(timeboxMinutes));
  await popup.byId('strict').check();
  await popup.start();
  await e2e.expectBadge('ON');
  return popup;
}

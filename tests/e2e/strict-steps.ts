// Steps the strict-session end-to-end files share: a visit as a person typing the address, and a strict session started from the popup.
import type { Page } from 'playwright-core';
import { EXTENSION_ORIGIN } from '../../harness/chromium';
import { PARSER_TESTS, type E2E } from './harness';
import type { PopupPage } from './pages';

export const BLOCK_PAGE = `${EXTENSION_ORIGIN}/blocked.html?site=videos.test`;

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

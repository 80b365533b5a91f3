// The real SurfaceClient for the popup, options, welcome and history pages: runtime.ts over browser.runtime.
// Native `browser` (no webextension-polyfill): MV3 Chromium (116+) and Firefox answer with promises; the polyfill cost every page ~10 KB.
import { browser } from '@wxt-dev/browser';
import { EXTENSION_PAGES, type ExtensionPage } from '../../shared/extension-pages';
import { detectBrowser, detectLinux } from '../install-command';
import { testClock } from '../../test-hooks/clock';
import { request, subscribeState } from './runtime';
import type { SurfaceClient } from './surface-client';

/** The popup's own size, for the window it opens in where the browser cannot open the toolbar popup. */
const POPUP_WINDOW = { width: 380, height: 640 };

/** One tab per page: an open one is brought to the front (at `section`, if asked), else a new tab opens. */
async function focusOrOpen(page: ExtensionPage, section?: string): Promise<void> {
  const base = browser.runtime.getURL(EXTENSION_PAGES[page]);
  const url = section ? `${base}#${section}` : base;
  const tabs = await browser.tabs.query({});
  const open = tabs.find((tab) => tab.url?.split('#')[0] === base);
  if (open?.id === undefined) {
    await browser.tabs.create({ url });
    return;
  }
  await browser.tabs.update(open.id, { active: true, ...(section ? { url } : {}) });
  if (open.windowId !== undefined) await browser.windows.update(open.windowId, { focused: true });
}

/**
 * The toolbar popup, opened from a page (Start your first session). Chrome 127+ and Firefox open it
 * from a click; where the browser refuses, the same page opens in a small window of its own.
 */
async function openPopup(): Promise<void> {
  try {
    await browser.action.openPopup();
  } catch {
    await browser.windows.create({ url: browser.runtime.getURL(EXTENSION_PAGES.popup), type: 'popup', ...POPUP_WINDOW });
  }
}

export function browserClient(): SurfaceClient {
  // The end-to-end build's pages count time as its worker does (a test may move that clock); every other build compiles this out.
  const clock = import.meta.env.ANTIDRIFT_TEST_HOOKS ? testClock('page') : undefined;
  return {
    subscribe: (onState) => subscribeState(onState),
    request,
    now: clock ? clock.now : () => Date.now(),
    openPage: (page, section) => void focusOrOpen(page, section).catch(() => undefined),
    openPopup: () => void openPopup().catch(() => undefined),
    environment: () => ({
      browser: detectBrowser(navigator),
      extensionId: browser.runtime.id,
      version: browser.runtime.getManifest().version,
      linux: detectLinux(navigator),
    }),
    privateWindowsAllowed: () => browser.extension.isAllowedIncognitoAccess().catch(() => false),
    allowHelper: () => browser.permissions.request({ permissions: ['nativeMessaging'] }),
  };
}

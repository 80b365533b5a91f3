// The one content script in every page: the strict page guard at document_start, then the in-page surfaces' host.
// One script, not two: each carries WXT's wrapper (about 3 KB), and what every page loads is held to 12 KB (bench).
// Imports `browser` from @wxt-dev/browser (native MV3 API), not wxt/browser: the polyfill would blow the size budget.
import { browser } from '@wxt-dev/browser';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { startPageGuard } from './page-guard';
import { startToast } from './toast';
import type { PortRuntime } from '../../ui/connection/reconnecting-port';

export default defineContentScript({
  matches: ['<all_urls>'],
  // Before the page's own scripts and its first paint: a page its service worker serves never meets the network rules.
  runAt: 'document_start',
  // WXT would otherwise post a message with our extension ID to every page, telling sites we are installed.
  noScriptStartedPostMessage: true,
  main() {
    // The extension's own pages have the popup/options UI already, and block nothing.
    if (/^(chrome|moz)-extension:$/.test(location.protocol)) return;
    startPageGuard({
      read: (key) => browser.storage.local.get(key).then((stored) => stored[key]),
      blockPage: (path) => browser.runtime.getURL(path as typeof EXTENSION_PAGES.blocked),
      incognito: browser.extension?.inIncognitoContext ?? false,
    });
    // The banner's host goes in once the document is parsed, as a document_idle script's would: not ahead of the page's <head>.
    const host = () =>
      startToast({
        getRuntime: () => browser?.runtime as unknown as PortRuntime | undefined,
        frameUrl: browser.runtime.getURL(EXTENSION_PAGES.inPage),
      });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', host, { once: true });
    else host();
  },
});

// In-page content script: hosts the drift banner and the heads-up (an extension-origin frame in a closed shadow root) in the visible tab.
// Imports `browser` from @wxt-dev/browser (native MV3 API), not wxt/browser: the polyfill would blow the size budget.
import { browser } from '@wxt-dev/browser';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { startToast } from './toast';
import type { PortRuntime } from '../../ui/connection/reconnecting-port';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  // WXT would otherwise post a message with our extension ID to every page, telling sites we are installed.
  noScriptStartedPostMessage: true,
  main() {
    // The extension's own pages have the popup/options UI already.
    if (/^(chrome|moz)-extension:$/.test(location.protocol)) return;
    startToast({
      getRuntime: () => browser?.runtime as unknown as PortRuntime | undefined,
      frameUrl: browser.runtime.getURL(EXTENSION_PAGES.inPage),
    });
  },
});

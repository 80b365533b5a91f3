// A strict session's second line: a page of a blocked site that came up without asking the network hides and goes to the block page.
// Imports `browser` from @wxt-dev/browser (native API), not wxt/browser: this runs before every page paints, so it stays small.
import { browser } from '@wxt-dev/browser';
import type { EXTENSION_PAGES } from '../../shared/extension-pages';
import { startPageGuard } from './page-guard';

export default defineContentScript({
  matches: ['<all_urls>'],
  // Before the page's own scripts and its first paint: a page its service worker serves never meets the network rules.
  runAt: 'document_start',
  noScriptStartedPostMessage: true,
  main() {
    if (/^(chrome|moz)-extension:$/.test(location.protocol)) return;
    startPageGuard({
      read: (key) => browser.storage.local.get(key).then((stored) => stored[key]),
      blockPage: (path) => browser.runtime.getURL(path as typeof EXTENSION_PAGES.blocked),
      incognito: browser.extension?.inIncognitoContext ?? false,
    });
  },
});

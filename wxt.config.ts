// WXT build configuration: manifest per target browser, Preact JSX, the polyfill module; a release build apart.
import { defineConfig } from 'wxt';
import { GECKO_ID } from './shared/protocol/extension-id';

/** Public half of the signing key: fixes the unpacked Chromium extension ID to EXTENSION_ID in shared/protocol/extension-id.ts. */
const CHROMIUM_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAxHuMdOrgDAEkTfAZatqR0bg+XEswF/LeisNpN3DCxHg4+UiQy0ythK/+ck7tbj4Yswo+BHfzOjkNACTHQuU3SF2iBJYkBs4D0kvpy2o9gqiivxWpQC/iFee54TwITmB2zDfmCQeShaeE4V777WvsSrSUq8taCL545wAN1ibiOrNwNmkqhEgaFNKkTt6bTSX2q06joroQz1vZagWFVZbvHuzK79ne1HkJE7sTEA7VSyujLmfO6vtA/N0lSlD3OkskIcHN54AxMSlY52cBnEapkt3dKvsEG2fug7u1zjwi0cs1BUBM+aJgFJ0ef8Mk8k1et+810p/3vYIS6Mj3+EdDaQIDAQAB';

/**
 * `ANTIDRIFT_RELEASE=1` (scripts/package.mjs): the build that is zipped for the stores and the release
 * page, in a folder of its own, without the manifest `key` (the Chrome Web Store refuses it and assigns
 * its own ID; a folder loaded unpacked gets one from its path). Tests and development keep the key.
 */
const RELEASE = process.env.ANTIDRIFT_RELEASE === '1';
/**
 * `ANTIDRIFT_E2E=1` (`npm run build:e2e`): the build the end-to-end tiers load, in `.output/e2e`, with the test
 * hooks (test-hooks/: a clock a test moves forward, an away state it sets). Every other build compiles them out.
 */
const E2E = process.env.ANTIDRIFT_E2E === '1' && !RELEASE;

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  outDir: RELEASE ? '.output/release' : E2E ? '.output/e2e' : '.output',
  manifest: ({ browser }) => ({
    name: 'antidrift',
    description: 'Keeps you on the work you committed to: tells you quickly and politely when you drift.',
    // declarativeNetRequestWithHostAccess: a strict session's session rules send a blocked site to the block page. Unlike
    // `declarativeNetRequest` it adds no install warning; a redirect needs host access to the address, which <all_urls> gives
    // (the content script already runs there, so Chrome's "all your data on all websites" warning is unchanged).
    permissions: [
      'storage',
      'alarms',
      ...(browser === 'firefox' ? [] : ['nativeMessaging']),
      'notifications',
      'idle',
      'declarativeNetRequestWithHostAccess',
    ],
    // Firefox for Android refuses an add-on that requires nativeMessaging (mozilla-mobile/fenix#15904, #17629): on Firefox it
    // is optional (Firefox allows that since bug 1630415, 2021), granted on desktop by the welcome page's or Options' Allow button;
    // Android never has a helper to talk to. Chrome keeps it required: its listing is desktop only.
    ...(browser === 'firefox' ? { optional_permissions: ['nativeMessaging'] } : {}),
    host_permissions: ['<all_urls>'],
    // The block page (a redirect may land on an extension page only if it is web-accessible) and the in-page surfaces' frame.
    // Chrome serves both at an address made anew each browser session (use_dynamic_url), so no page can tell from a fixed
    // address that antidrift is installed; Firefox's addresses are already the install's own random UUID.
    web_accessible_resources: [
      { resources: ['blocked.html', 'in-page.html'], matches: ['<all_urls>'], ...(browser === 'firefox' ? {} : { use_dynamic_url: true }) },
    ],
    action: { default_title: 'antidrift' },
    // Saves the tab in front for later, any time (background/later/wire-later.ts); the browser's shortcut settings change the keys.
    commands: { 'save-for-later': { suggested_key: { default: 'Alt+Shift+L' }, description: 'Save this tab for later' } },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: '140.0',
              // Tab titles (website content) and site names (browsing activity) go, through the host, to the AI
              // backend the person chose; nothing else leaves the browser. Firefox 140+ asks for consent at install.
              data_collection_permissions: { required: ['browsingActivity', 'websiteContent'] },
            },
            // The first Firefox for Android that knows data_collection_permissions.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : { ...(RELEASE ? {} : { key: CHROMIUM_PUBLIC_KEY }), minimum_chrome_version: '116' }),
  }),
  vite: () => ({
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    define: { 'import.meta.env.ANTIDRIFT_TEST_HOOKS': JSON.stringify(E2E) },
  }),
});

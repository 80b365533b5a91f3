// WXT module: content scripts get the native `browser` (no webextension-polyfill) to stay tiny.
// The polyfill module aliases wxt/browser globally; WXT's own content-script wrapper imports it,
// which put ~10 KB of polyfill into the toast. MV3 Chromium and Firefox have native promise APIs.
import { defineWxtModule } from 'wxt/modules';

const POLYFILL_SPECIFIER = 'wxt/browser';

type AliasEntry = { find: string | RegExp; replacement: string };

export default defineWxtModule({
  name: 'content-script-native-browser',
  setup(wxt) {
    wxt.hooks.hook('vite:build:extendConfig', (entrypoints, config) => {
      if (!entrypoints.every((e) => e.type === 'content-script')) return;
      const alias = config.resolve?.alias;
      if (!alias || !config.resolve) return;
      if (Array.isArray(alias)) {
        config.resolve.alias = (alias as AliasEntry[]).filter((a) => a.find !== POLYFILL_SPECIFIER);
      } else {
        const rest = { ...(alias as Record<string, string>) };
        delete rest[POLYFILL_SPECIFIER];
        config.resolve.alias = rest;
      }
    });
  },
});

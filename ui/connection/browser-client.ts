// The real SurfaceClient for the popup, options and history pages: runtime.ts over browser.runtime.
import { browser } from 'wxt/browser';
import { EXTENSION_PAGES } from '../extension-pages';
import { detectBrowser, detectLinux } from '../install-command';
import { request, subscribeState } from './runtime';
import type { SurfaceClient } from './surface-client';

export function browserClient(): SurfaceClient {
  return {
    subscribe: (onState) => subscribeState(onState),
    request,
    now: () => Date.now(),
    openOptions: () => {
      browser.runtime.openOptionsPage().catch(() => undefined);
    },
    openHistory: () => {
      browser.tabs.create({ url: browser.runtime.getURL(EXTENSION_PAGES.history) }).catch(() => undefined);
    },
    environment: () => ({
      browser: detectBrowser(navigator),
      extensionId: browser.runtime.id,
      version: browser.runtime.getManifest().version,
      linux: detectLinux(navigator),
    }),
  };
}

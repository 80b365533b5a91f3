// The real SurfaceClient for the popup and options pages: lib/client over the runtime.
import { browser } from 'wxt/browser';
import { request, subscribeState } from '../lib/client';
import type { SurfaceClient } from './client';

export function browserClient(): SurfaceClient {
  return {
    subscribe: (onState) => subscribeState(onState),
    request,
    now: () => Date.now(),
    openOptions: () => {
      browser.runtime.openOptionsPage().catch(() => undefined);
    },
  };
}

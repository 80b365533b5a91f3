// Wires a strict session's blocking: the effect that puts it in the browser, the tabs it watches, block pages a restart brings back.
import type { Worker } from '../worker';
import { trackRestoredBlockPages } from './block-page-restore';
import { createBlocking, trackTabs, type BrowserBlocking } from './browser-blocking';

export function wireStrict(worker: Worker): BrowserBlocking {
  const blocking = createBlocking({ diagnostics: worker.diagnostics, now: worker.now });
  worker.effects.applyBlocking = (b) => blocking.apply(b);
  trackTabs(blocking);
  trackRestoredBlockPages(worker.diagnostics);
  return blocking;
}

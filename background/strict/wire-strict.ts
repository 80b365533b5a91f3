// Wires a strict session's blocking: the effect that puts it in the browser, and the tabs it watches.
import type { Worker } from '../worker';
import { createBlocking, trackTabs, type BrowserBlocking } from './blocking';

export function wireStrict(worker: Worker): BrowserBlocking {
  const blocking = createBlocking({ diagnostics: worker.diagnostics, now: worker.now });
  worker.effects.applyBlocking = (b) => blocking.apply(b);
  trackTabs(blocking);
  return blocking;
}

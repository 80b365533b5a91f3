// A watcher whose library is loaded only when it is chosen (X11 and D-Bus are most of the host's code).
import type { WatcherInfo } from '../../../shared/protocol/frames.js';
import type { DesktopSpec, StartContext, StartDesktopWatcher } from '../desktops/desktop-spec.js';
import { partLoadFailure } from '../missing-part.js';
import { safeEmit, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';

/**
 * A watcher whose library is loaded when it is chosen: the X11 protocol and D-Bus libraries are
 * most of the host's code, and a host that evaluated them all at start answered `hello` later.
 * It reports `starting` until the library is in, then is that watcher.
 */
export function loadedOnDemand(sink: WatcherSink, kind: string, load: () => Promise<WatcherHandle>): WatcherHandle {
  let handle: WatcherHandle | undefined;
  let failure: WatcherInfo | undefined;
  let stopped = false;
  const loading = load().then(
    async (h) => {
      if (stopped) return h.stop();
      handle = h;
    },
    (err: unknown) => {
      failure = { state: 'failed', kind, message: `watcher failed to load: ${partLoadFailure(err)}` };
      safeLog(sink, failure.message ?? '');
      safeEmit(sink, { type: 'watcher', ...failure });
    },
  );
  return {
    info: () => handle?.info() ?? failure ?? { state: stopped ? 'stopped' : 'starting', kind },
    stop: async () => {
      stopped = true;
      await loading;
      await handle?.stop();
    },
  };
}

/**
 * Every spec's `start`: its watcher, which `load` imports, started with the context and the spec's words.
 * Each spec keeps its own `import('./watcher.js')` in `load`: the build turns each into a chunk of its own,
 * so the helper answers hello without any watcher, and a session loads only its desktop's.
 */
export function startOnDemand(
  spec: DesktopSpec,
  sink: WatcherSink,
  context: StartContext,
  load: () => Promise<StartDesktopWatcher>,
): WatcherHandle {
  return loadedOnDemand(sink, spec.kind, async () => (await load())(sink, { ...context, states: spec.states }));
}

// X11 window source: keeps one X11Session alive, reconnecting with backoff when the server goes away.
import { startReconnectingWatcher } from '../../watcher/reconnecting-watcher.js';
import type { WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';
import { X11Session } from './session.js';

export interface X11WatcherOptions extends WatcherStart {
  connectTimeoutMs?: number;
}

export function startX11Watcher(sink: WatcherSink, options: X11WatcherOptions): WatcherHandle {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  return startReconnectingWatcher(sink, {
    kind: 'x11',
    describe: () => options.states.running(options.display),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (handlers) =>
      X11Session.open(options.display, connectTimeoutMs, {
        // Window 0 / none / vanished: emit nothing; the next real window is reported as usual.
        onWindow: (window) =>
          handlers.onWindow(window ? { key: window.window, title: window.title, app: window.app, pid: window.pid } : null),
        onLost: (reason) => handlers.onLost(reason),
        log: (line) => handlers.log(line),
      }),
  });
}

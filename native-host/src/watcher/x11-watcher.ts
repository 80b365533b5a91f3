// X11 window source: keeps one X11Session alive, reconnecting with backoff when the server goes away.
import { Retrier, WatcherStatus, WindowDeduper, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { X11Session } from './x11-session.js';

export interface X11WatcherOptions {
  display: string;
  /** Backoff bounds; tests shorten them. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  connectTimeoutMs?: number;
}

export function startX11Watcher(sink: WatcherSink, options: X11WatcherOptions): WatcherHandle {
  const status = new WatcherStatus(sink, 'x11');
  const deduper = new WindowDeduper(sink);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  let session: X11Session | undefined;
  let stopped = false;
  const retrier = new Retrier(status, () => void attempt(), 'retrying', options.firstRetryMs, options.maxRetryMs);
  const scheduleRetry = (reason: string) => retrier.schedule(reason);

  const attempt = async () => {
    if (stopped) return;
    try {
      const opened = await X11Session.open(options.display, connectTimeoutMs, {
        onWindow: (window) => {
          // Window 0 / none / vanished: emit nothing; the next real window is reported as usual.
          if (window) deduper.offer({ key: window.window, title: window.title, app: window.app, pid: window.pid });
        },
        onLost: (reason) => {
          session = undefined;
          scheduleRetry(reason);
        },
        log: (line) => safeLog(sink, line),
      });
      if (stopped) {
        opened.close();
        return;
      }
      session = opened;
      retrier.backoff.reset();
      status.set('running', `X11 display ${options.display}`);
    } catch (err) {
      scheduleRetry(err instanceof Error ? err.message : String(err));
    }
  };

  void attempt();

  return {
    info: () => status.info(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      retrier.cancel();
      session?.close();
      session = undefined;
      status.set('stopped');
    },
  };
}

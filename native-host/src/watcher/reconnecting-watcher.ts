// One window source kept alive: open a session, report its windows once each, reconnect with backoff when it is lost.
import {
  Retrier,
  WatcherStatus,
  WindowDeduper,
  safeLog,
  type ObservedWindow,
  type WatcherHandle,
  type WatcherSink,
} from './watcher-types.js';
import { errorText } from '../../../shared/util/error-text.js';

export interface SourceSession {
  /** May settle later: a KWin session unloads its script first. */
  close(): void | Promise<void>;
}

export interface SourceHandlers {
  /** The active window now; null when there is none (an empty workspace): nothing is emitted. */
  onWindow(window: ObservedWindow | null): void;
  /** The session ended (the compositor or server went away): the watcher reconnects. */
  onLost(reason: string): void;
  log(line: string): void;
}

/** Thrown by `open` when this session can never work (the compositor lacks the protocol): no retries. */
export class SourceUnavailable extends Error {}

export interface ReconnectingWatcherOptions {
  kind: string;
  open(handlers: SourceHandlers): Promise<SourceSession>;
  /** The `running` message, once a session is open. */
  describe(): string;
  firstRetryMs?: number | undefined;
  maxRetryMs?: number | undefined;
}

export function startReconnectingWatcher(sink: WatcherSink, options: ReconnectingWatcherOptions): WatcherHandle {
  const status = new WatcherStatus(sink, options.kind);
  const deduper = new WindowDeduper(sink);
  let session: SourceSession | undefined;
  let generation = 0;
  let stopped = false;
  const retrier = new Retrier(status, () => void attempt(), 'retrying', options.firstRetryMs, options.maxRetryMs);

  const attempt = async () => {
    if (stopped) return;
    const mine = ++generation;
    // A session's late callbacks (after it was lost or replaced) must not act on the next one.
    const current = () => mine === generation && !stopped;
    try {
      const opened = await options.open({
        onWindow: (window) => {
          if (current() && window) deduper.offer(window);
        },
        onLost: (reason) => {
          if (!current()) return;
          session = undefined;
          generation++;
          retrier.schedule(reason);
        },
        log: (line) => safeLog(sink, line),
      });
      if (!current()) {
        void opened.close();
        return;
      }
      session = opened;
      retrier.backoff.reset();
      status.set('running', options.describe());
    } catch (err) {
      if (!current()) return;
      const message = errorText(err);
      if (err instanceof SourceUnavailable) status.set('unavailable', message);
      else retrier.schedule(message);
    }
  };

  void attempt();

  return {
    info: () => status.info(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      retrier.cancel();
      const closing = session?.close();
      session = undefined;
      await closing;
      status.set('stopped');
    },
  };
}

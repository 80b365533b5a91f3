// Shared plumbing of every window source: the sink it reports to, its status, and de-duplication.
import type { WatcherEvent, WatcherInfo, WatcherState, WindowEvent } from '../../../shared/protocol/frames.js';
import { Backoff } from '../../../shared/util/backoff.js';
import { errorText } from '../../../shared/util/error-text.js';

export interface WatcherSink {
  emit(msg: WindowEvent | WatcherEvent): void;
  log(line: string): void;
}

export interface WatcherHandle {
  info(): WatcherInfo;
  stop(): Promise<void>;
}

/** Holds a source's state and pushes a `watcher` event whenever state or message changes. */
export class WatcherStatus {
  private current: WatcherInfo;

  constructor(
    private readonly sink: WatcherSink,
    kind: string,
  ) {
    this.current = { state: 'starting', kind };
  }

  info(): WatcherInfo {
    return { ...this.current };
  }

  set(state: WatcherState, message?: string): void {
    // Every failure is news (a retry failed again); other repeats are not.
    if (state !== 'failed' && this.current.state === state && this.current.message === message) return;
    this.current = message === undefined ? { state, kind: this.current.kind } : { state, kind: this.current.kind, message };
    safeLog(this.sink, `watcher ${this.current.kind}: ${state}${message ? ` (${message})` : ''}`);
    safeEmit(this.sink, { type: 'watcher', ...this.current });
  }
}

export interface ObservedWindow {
  /** Identity of the window where the platform has one (X11 window id); else undefined. */
  key?: string | number;
  title: string;
  app: string;
  pid?: number;
}

/** Emits a `window` event only when (window, title, app) changed since the last one. */
export class WindowDeduper {
  private last: string | undefined;

  constructor(private readonly sink: WatcherSink) {}

  offer(window: ObservedWindow): boolean {
    const identity = JSON.stringify([window.key ?? null, window.title, window.app]);
    if (identity === this.last) return false;
    this.last = identity;
    const event: WindowEvent = { type: 'window', title: window.title, app: window.app, at: Date.now() };
    if (window.pid !== undefined) event.pid = window.pid;
    safeEmit(this.sink, event);
    return true;
  }
}

/** A throwing sink must not take the watcher (or the host) down with it. */
export function safeEmit(sink: WatcherSink, msg: WindowEvent | WatcherEvent): void {
  try {
    sink.emit(msg);
  } catch (err) {
    safeLog(sink, `watcher sink threw: ${errorText(err)}`);
  }
}

export function safeLog(sink: WatcherSink, line: string): void {
  try {
    sink.log(line);
  } catch {
    // logging must never break watching
  }
}

/** A watcher whose source went away: 1 s, 2 s, 4 s … then every 30 s. */
export const WATCHER_RETRY = { firstMs: 1_000, maxMs: 30_000 } as const;

/**
 * Reports a failure, then calls `attempt` again after a backoff delay. One pending retry at most;
 * the timer never keeps an otherwise finished process alive; `cancel` stops it for good.
 */
export class Retrier {
  private timer: NodeJS.Timeout | undefined;
  private cancelled = false;
  readonly backoff: Backoff;

  constructor(
    private readonly status: WatcherStatus,
    private readonly attempt: () => void,
    private readonly verb: string,
    firstMs: number = WATCHER_RETRY.firstMs,
    maxMs: number = WATCHER_RETRY.maxMs,
  ) {
    this.backoff = new Backoff({ firstMs, maxMs });
  }

  schedule(reason: string): void {
    if (this.cancelled) return;
    const delay = this.backoff.next();
    this.status.set('failed', `${reason}; ${this.verb} in ${Math.round(delay / 1000)} s`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.cancelled) this.attempt();
    }, delay);
    this.timer.unref();
  }

  cancel(): void {
    this.cancelled = true;
    clearTimeout(this.timer);
  }
}

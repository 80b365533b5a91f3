// Starts the OS active-window watcher that suits this platform/session (its desktop spec's start); never throws.
import type { WatcherEvent, WatcherInfo, WindowEvent } from '../../../shared/protocol/frames.js';
import { existsSync } from 'node:fs';
import { chooseWatcher, type WatcherChoice } from './probe.js';
import { WatcherStatus, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { errorText } from '../../../shared/util/error-text.js';

export interface StartWatcherOptions {
  emit(msg: WindowEvent | WatcherEvent): void;
  log(line: string): void;
  /** Overrides for tests; default process.platform / process.env. */
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** Where a watcher may write its files (the KWin script); default: the host's private app-data dir. */
  dataDir?: string;
  /** Reconnect backoff bounds (tests shorten them). */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** The probe's choice when the caller made it already (the helper's hello reports it): one probe, one answer. */
  choice?: WatcherChoice;
}

export interface Watcher {
  info(): WatcherInfo;
  stop(): Promise<void>;
}

/** A watcher that observes nothing, reporting why once. */
function unavailable(sink: WatcherSink, kind: string, message: string): WatcherHandle {
  const status = new WatcherStatus(sink, kind);
  status.set('unavailable', message);
  return {
    info: () => status.info(),
    stop: async () => {},
  };
}

function start(sink: WatcherSink, choice: WatcherChoice, opts: StartWatcherOptions, env: NodeJS.ProcessEnv): WatcherHandle {
  if (!choice.spec) return unavailable(sink, 'none', choice.why);
  return choice.spec.start(sink, {
    env,
    socket: choice.socket ?? '',
    display: choice.display ?? '',
    dataDir: opts.dataDir,
    firstRetryMs: opts.firstRetryMs,
    maxRetryMs: opts.maxRetryMs,
  });
}

/** Adds the probe's reasons to every status the watcher reports, so `hello` and `doctor` say why. */
function withChoice(handle: WatcherHandle, choice: WatcherChoice): WatcherHandle {
  const skipped = choice.skipped.map((s) => ({ kind: s.kind, why: s.why }));
  return { info: () => ({ ...handle.info(), why: choice.why, skipped }), stop: () => handle.stop() };
}

export function startWatcher(opts: StartWatcherOptions): Watcher {
  const sink: WatcherSink = { emit: (msg) => opts.emit(msg), log: (line) => opts.log(line) };
  try {
    const env = opts.env ?? process.env;
    const choice = opts.choice ?? chooseWatcher({ platform: opts.platform ?? process.platform, env, exists: existsSync });
    return withChoice(start(sink, choice, opts, env), choice);
  } catch (err) {
    const message = `watcher failed to start: ${errorText(err)}`;
    safeLog(sink, message);
    const status = new WatcherStatus(sink, 'none');
    status.set('failed', message);
    return { info: () => status.info(), stop: async () => {} };
  }
}

// Starts the window watcher the probe chose (its desktop spec's start); never throws. The helper loads this part after hello.
import type { WatcherEvent, WatcherInfo, WindowEvent } from '../../../shared/protocol/frames.js';
import type { WatcherChoice } from './probe.js';
import { WatcherStatus, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { errorText } from '../../../shared/util/error-text.js';

export interface ChosenWatcherOptions {
  emit(msg: WindowEvent | WatcherEvent): void;
  log(line: string): void;
  /** Override for tests; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Where a watcher may write its files (the KWin script); default: the host's private app-data dir. */
  dataDir?: string;
  /** Reconnect backoff bounds (tests shorten them). */
  firstRetryMs?: number;
  maxRetryMs?: number;
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

function start(sink: WatcherSink, choice: WatcherChoice, opts: ChosenWatcherOptions, env: NodeJS.ProcessEnv): WatcherHandle {
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

/**
 * Starts the watcher `choose` names. This part imports no desktop spec (only their types): the helper hands
 * it the choice its hello reported, spec included, from the entry that already holds them all; so its chunk
 * carries no second copy of the specs. `choose` runs inside the guard: a probe that throws is a failed watcher.
 */
export function startChosenWatcher(opts: ChosenWatcherOptions, choose: (env: NodeJS.ProcessEnv) => WatcherChoice): Watcher {
  const sink: WatcherSink = { emit: (msg) => opts.emit(msg), log: (line) => opts.log(line) };
  try {
    const env = opts.env ?? process.env;
    const choice = choose(env);
    return withChoice(start(sink, choice, opts, env), choice);
  } catch (err) {
    const message = `watcher failed to start: ${errorText(err)}`;
    safeLog(sink, message);
    const status = new WatcherStatus(sink, 'none');
    status.set('failed', message);
    return { info: () => status.info(), stop: async () => {} };
  }
}

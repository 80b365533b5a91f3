// Starts the OS active-window watcher that suits this platform/session; never throws.
import type { WatcherEvent, WatcherInfo, WindowEvent } from '../../../shared/protocol/frames.js';
import { existsSync } from 'node:fs';
import { startGnomeWatcher } from './gnome-shell.js';
import { startHelperWatcher } from './helper-source.js';
import { startHyprlandWatcher } from './hyprland.js';
import { startKwinWatcher } from './kwin.js';
import { macosHelperCommand } from './macos-script.js';
import { chooseWatcher, type WatcherChoice } from './probe.js';
import { startSwayWatcher } from './sway-ipc.js';
import { WatcherStatus, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { windowsHelperCommand } from './windows-script.js';
import { startForeignToplevelWatcher } from './wlr-foreign-toplevel.js';
import { startX11Watcher } from './x11-watcher.js';

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
  const retry = { firstRetryMs: opts.firstRetryMs, maxRetryMs: opts.maxRetryMs };
  switch (choice.kind) {
    case 'windows':
      return startHelperWatcher(sink, {
        kind: 'windows',
        helper: windowsHelperCommand(),
        runningMessage: 'foreground window via PowerShell (user32)',
        ...retry,
      });
    case 'macos':
      return startHelperWatcher(sink, {
        kind: 'macos',
        helper: macosHelperCommand(),
        runningMessage:
          'frontmost app via osascript; window titles need Screen Recording permission for the browser (empty titles without it)',
        noTitlesMessage:
          'frontmost app only: window titles are empty until the browser gets Screen Recording permission (System Settings → Privacy & Security)',
        ...retry,
      });
    case 'x11':
      return startX11Watcher(sink, { display: choice.display ?? '', ...retry });
    case 'sway-ipc':
      return startSwayWatcher(sink, { env, ...retry });
    case 'hyprland':
      return startHyprlandWatcher(sink, { socket: choice.socket ?? '', ...retry });
    case 'wlr-foreign-toplevel':
      return startForeignToplevelWatcher(sink, { socket: choice.socket ?? '', ...retry });
    case 'kwin':
      return startKwinWatcher(sink, { env, dataDir: opts.dataDir, ...retry });
    case 'gnome-shell':
      return startGnomeWatcher(sink, { env, ...retry });
    case 'none':
      return unavailable(sink, 'none', choice.why);
  }
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
    const choice = chooseWatcher({ platform: opts.platform ?? process.platform, env, exists: existsSync });
    return withChoice(start(sink, choice, opts, env), choice);
  } catch (err) {
    const message = `watcher failed to start: ${err instanceof Error ? err.message : String(err)}`;
    safeLog(sink, message);
    const status = new WatcherStatus(sink, 'none');
    status.set('failed', message);
    return { info: () => status.info(), stop: async () => {} };
  }
}

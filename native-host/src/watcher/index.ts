// Starts the OS active-window watcher that suits this platform/session; never throws.
import type { WatcherEvent, WatcherInfo, WindowEvent } from '../../../shared/protocol/frames.js';
import { existsSync } from 'node:fs';
import { startHelperWatcher } from './helper-source.js';
import { startHyprlandWatcher } from './hyprland.js';
import { macosHelperCommand } from './macos-script.js';
import { chooseWatcher, type WatcherChoice } from './probe.js';
import { startSwayWatcher } from './sway-ipc.js';
import { WatcherStatus, safeEmit, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { windowsHelperCommand } from './windows-script.js';
import { startForeignToplevelWatcher } from './wlr-foreign-toplevel.js';
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

/**
 * A watcher whose library is loaded when it is chosen: the X11 protocol and D-Bus libraries are
 * most of the host's code, and a host that evaluated them all at start answered `hello` later.
 * It reports `starting` until the library is in, then is that watcher.
 */
function loadedOnDemand(sink: WatcherSink, kind: string, load: () => Promise<WatcherHandle>): WatcherHandle {
  let handle: WatcherHandle | undefined;
  let failure: WatcherInfo | undefined;
  let stopped = false;
  const loading = load().then(
    async (h) => {
      if (stopped) return h.stop();
      handle = h;
    },
    (err: unknown) => {
      failure = { state: 'failed', kind, message: `watcher failed to load: ${errorText(err)}` };
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
      return loadedOnDemand(sink, 'x11', async () =>
        (await import('./x11-watcher.js')).startX11Watcher(sink, { display: choice.display ?? '', ...retry }),
      );
    case 'sway-ipc':
      return startSwayWatcher(sink, { env, ...retry });
    case 'hyprland':
      return startHyprlandWatcher(sink, { socket: choice.socket ?? '', ...retry });
    case 'wlr-foreign-toplevel':
      return startForeignToplevelWatcher(sink, { socket: choice.socket ?? '', ...retry });
    case 'kwin':
      return loadedOnDemand(sink, 'kwin', async () =>
        (await import('./kwin.js')).startKwinWatcher(sink, { env, dataDir: opts.dataDir, ...retry }),
      );
    case 'gnome-shell':
      return loadedOnDemand(sink, 'gnome-shell', async () => (await import('./gnome-shell.js')).startGnomeWatcher(sink, { env, ...retry }));
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
    const message = `watcher failed to start: ${errorText(err)}`;
    safeLog(sink, message);
    const status = new WatcherStatus(sink, 'none');
    status.set('failed', message);
    return { info: () => status.info(), stop: async () => {} };
  }
}

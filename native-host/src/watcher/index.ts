// Starts the OS active-window watcher that suits this platform/session; never throws.
import type { WatcherEvent, WatcherInfo, WindowEvent } from '../../../shared/protocol/frames.js';
import { startHelperWatcher } from './helper-source.js';
import { macosHelperCommand } from './macos-script.js';
import { WatcherStatus, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { windowsHelperCommand } from './windows-script.js';
import { startX11Watcher } from './x11-watcher.js';

export interface StartWatcherOptions {
  emit(msg: WindowEvent | WatcherEvent): void;
  log(line: string): void;
  /** Overrides for tests; default process.platform / process.env. */
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** Reconnect backoff bounds (tests shorten them). */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface Watcher {
  info(): WatcherInfo;
  stop(): Promise<void>;
}

export const WAYLAND_UNSUPPORTED_MESSAGE =
  'Wayland session without a supported compositor (sway, Hyprland): OS windows are not observed; browser tabs still are';

/** A watcher that observes nothing, reporting why once. */
function unavailable(sink: WatcherSink, kind: string, message: string): WatcherHandle {
  const status = new WatcherStatus(sink, kind);
  status.set('unavailable', message);
  return {
    info: () => status.info(),
    stop: async () => {},
  };
}

function pick(sink: WatcherSink, opts: StartWatcherOptions): WatcherHandle {
  const platform = opts.platform ?? process.platform;
  const env = opts.env ?? process.env;
  const retry = { firstRetryMs: opts.firstRetryMs, maxRetryMs: opts.maxRetryMs };
  if (platform === 'win32') {
    return startHelperWatcher(sink, {
      kind: 'windows',
      helper: windowsHelperCommand(),
      runningMessage: 'foreground window via PowerShell (user32)',
      ...retry,
    });
  }
  if (platform === 'darwin') {
    return startHelperWatcher(sink, {
      kind: 'macos',
      helper: macosHelperCommand(),
      runningMessage:
        'frontmost app via osascript; window titles need Screen Recording permission for the browser (empty titles without it)',
      noTitlesMessage:
        'frontmost app only: window titles are empty until the browser gets Screen Recording permission (System Settings → Privacy & Security)',
      ...retry,
    });
  }
  // x11 falls back to TCP :6000 when DISPLAY is unset; never let it guess.
  const display = env.DISPLAY?.trim();
  if (display) return startX11Watcher(sink, { display, ...retry });
  if (env.WAYLAND_DISPLAY) return unavailable(sink, 'wayland', WAYLAND_UNSUPPORTED_MESSAGE);
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd')
    return unavailable(sink, 'x11', 'no DISPLAY: no graphical session to observe; browser tabs are still watched');
  return unavailable(sink, 'none', `no window watcher for platform ${platform}`);
}

export function startWatcher(opts: StartWatcherOptions): Watcher {
  const sink: WatcherSink = { emit: (msg) => opts.emit(msg), log: (line) => opts.log(line) };
  try {
    return pick(sink, opts);
  } catch (err) {
    const message = `watcher failed to start: ${err instanceof Error ? err.message : String(err)}`;
    safeLog(sink, message);
    const status = new WatcherStatus(sink, 'none');
    status.set('failed', message);
    return { info: () => status.info(), stop: async () => {} };
  }
}

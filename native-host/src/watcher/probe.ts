// Chooses the window watcher from the session's environment, and says why each other one was not chosen.

/** Every watcher the host can run, in the order a Linux session is probed. */
export const LINUX_WATCHERS = ['sway-ipc', 'hyprland', 'kwin', 'gnome-shell', 'wlr-foreign-toplevel', 'x11'] as const;
export type WatcherKind = (typeof LINUX_WATCHERS)[number] | 'windows' | 'macos' | 'none';

export interface SkippedWatcher {
  kind: WatcherKind;
  why: string;
}

export interface WatcherChoice {
  /** The watcher to start, or 'none' when nothing fits (then `why` says what the person can do). */
  kind: WatcherKind;
  why: string;
  skipped: SkippedWatcher[];
  /** The facts the choice used, for the watcher to connect with. */
  socket?: string;
  display?: string;
}

export interface ProbeFacts {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Whether a path exists (a socket, a runtime dir); injected so the probe stays testable. */
  exists(path: string): boolean;
}

const isWindows = (p: NodeJS.Platform) => p === 'win32';
const isUnixDesktop = (p: NodeJS.Platform) => p === 'linux' || p === 'freebsd' || p === 'openbsd' || p === 'netbsd';

function desktops(env: NodeJS.ProcessEnv): string[] {
  return `${env.XDG_CURRENT_DESKTOP ?? ''}:${env.XDG_SESSION_DESKTOP ?? ''}:${env.DESKTOP_SESSION ?? ''}`
    .toLowerCase()
    .split(/[:;]/)
    .map((d) => d.trim())
    .filter(Boolean);
}

/** `$WAYLAND_DISPLAY` as a path: absolute, or relative to `$XDG_RUNTIME_DIR`. */
export function waylandSocketPath(env: NodeJS.ProcessEnv): string | undefined {
  const name = env.WAYLAND_DISPLAY?.trim();
  if (!name) return undefined;
  if (name.startsWith('/')) return name;
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  return runtime ? `${runtime}/${name}` : undefined;
}

export function hyprlandSocketPath(env: NodeJS.ProcessEnv): string | undefined {
  const signature = env.HYPRLAND_INSTANCE_SIGNATURE?.trim();
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  if (!signature || !runtime || signature.includes('/')) return undefined;
  // Hyprland ≥ 0.40 uses $XDG_RUNTIME_DIR/hypr; older ones /tmp/hypr.
  return `${runtime}/hypr/${signature}/.socket2.sock`;
}

function legacyHyprlandSocketPath(env: NodeJS.ProcessEnv): string | undefined {
  const signature = env.HYPRLAND_INSTANCE_SIGNATURE?.trim();
  return signature && !signature.includes('/') ? `/tmp/hypr/${signature}/.socket2.sock` : undefined;
}

/**
 * The order on Linux: a Wayland session is recognised first (its X11 `DISPLAY`, if any, is
 * XWayland and sees only XWayland windows, so X11 is never used there); among Wayland watchers the
 * compositor's own event source comes first (sway IPC, Hyprland's socket, a KWin script, the GNOME
 * Shell extension), then the generic wlroots protocol.
 */
export function chooseWatcher(facts: ProbeFacts): WatcherChoice {
  const { platform, env } = facts;
  if (isWindows(platform)) return { kind: 'windows', why: 'Windows: the foreground window through user32', skipped: [] };
  if (platform === 'darwin') return { kind: 'macos', why: 'macOS: the frontmost app through osascript', skipped: [] };
  if (!isUnixDesktop(platform)) return { kind: 'none', why: `no window watcher for platform ${platform}`, skipped: [] };

  const skipped: SkippedWatcher[] = [];
  const skip = (kind: WatcherKind, why: string) => skipped.push({ kind, why });
  const sessionType = env.XDG_SESSION_TYPE?.trim().toLowerCase();
  const waylandSocket = waylandSocketPath(env);
  const wayland = sessionType === 'wayland' || (sessionType !== 'x11' && Boolean(env.WAYLAND_DISPLAY?.trim()));
  const desktop = desktops(env);
  const display = env.DISPLAY?.trim();

  if (!wayland) {
    for (const kind of ['sway-ipc', 'hyprland', 'kwin', 'gnome-shell', 'wlr-foreign-toplevel'] as const)
      skip(kind, sessionType === 'x11' ? 'X11 session (XDG_SESSION_TYPE=x11)' : 'not a Wayland session (no WAYLAND_DISPLAY)');
    // x11 falls back to TCP :6000 when DISPLAY is unset; never let it guess.
    if (display) return { kind: 'x11', why: `X11 session on DISPLAY ${display}`, skipped, display };
    return {
      kind: 'none',
      why: 'no DISPLAY and no WAYLAND_DISPLAY: no graphical session to observe; browser tabs are still watched',
      skipped,
    };
  }

  skip('x11', display ? `DISPLAY ${display} is XWayland in a Wayland session: it would see only XWayland windows` : 'no DISPLAY');
  const chosen = (choice: Omit<WatcherChoice, 'skipped'>): WatcherChoice => {
    for (const kind of LINUX_WATCHERS)
      if (kind !== choice.kind && !skipped.some((s) => s.kind === kind)) skip(kind, `${choice.kind} comes first in this session`);
    return { ...choice, skipped };
  };

  const swaySock = env.SWAYSOCK?.trim();
  if (swaySock && facts.exists(swaySock)) return chosen({ kind: 'sway-ipc', why: `sway IPC at $SWAYSOCK (${swaySock})`, socket: swaySock });
  skip('sway-ipc', swaySock ? `$SWAYSOCK (${swaySock}) does not exist` : 'no $SWAYSOCK (not sway)');

  if (env.HYPRLAND_INSTANCE_SIGNATURE) {
    const socket = [hyprlandSocketPath(env), legacyHyprlandSocketPath(env)].find((p) => p !== undefined && facts.exists(p));
    if (socket) return chosen({ kind: 'hyprland', why: `Hyprland event socket (${socket})`, socket });
    skip('hyprland', `HYPRLAND_INSTANCE_SIGNATURE is set but ${hyprlandSocketPath(env) ?? 'its socket'} does not exist`);
  } else skip('hyprland', 'no $HYPRLAND_INSTANCE_SIGNATURE (not Hyprland)');

  const kde = desktop.includes('kde') || env.KDE_SESSION_VERSION !== undefined;
  if (kde)
    return chosen({
      kind: 'kwin',
      why: `KDE Plasma${env.KDE_SESSION_VERSION ? ` ${env.KDE_SESSION_VERSION}` : ''}: a KWin script over D-Bus`,
    });
  skip('kwin', 'not KDE Plasma (XDG_CURRENT_DESKTOP, KDE_SESSION_VERSION)');

  const gnome = desktop.some((d) => d === 'gnome' || d.startsWith('gnome-') || d === 'ubuntu' || d === 'unity');
  if (gnome) return chosen({ kind: 'gnome-shell', why: 'GNOME: the antidrift GNOME Shell extension over D-Bus' });
  skip('gnome-shell', 'not GNOME (XDG_CURRENT_DESKTOP)');

  if (waylandSocket && facts.exists(waylandSocket))
    return chosen({
      kind: 'wlr-foreign-toplevel',
      why: `wlr-foreign-toplevel-management on ${waylandSocket} (wlroots compositors: river, labwc, Wayfire, …)`,
      socket: waylandSocket,
    });
  skip('wlr-foreign-toplevel', waylandSocket ? `${waylandSocket} does not exist` : 'WAYLAND_DISPLAY or XDG_RUNTIME_DIR is not set');
  return { kind: 'none', why: 'Wayland session, but no compositor socket antidrift can read', skipped };
}

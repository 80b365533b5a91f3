// Chooses the window watcher from the session's environment by asking each desktop's spec, and says why each other one was not chosen.
import type { DesktopKind, DesktopSpec, Session } from '../desktops/desktop-spec.js';
import { DESKTOP_SPECS, LINUX_WATCHERS } from '../desktops/registry.js';

export { LINUX_WATCHERS };
export type WatcherKind = DesktopKind | 'none';

export interface SkippedWatcher {
  kind: WatcherKind;
  why: string;
}

export interface WatcherChoice {
  /** The watcher to start, or 'none' when nothing fits (then `why` says what the person can do). */
  kind: WatcherKind;
  why: string;
  skipped: SkippedWatcher[];
  /** The desktop chosen (absent for 'none'). */
  spec?: DesktopSpec;
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

const isUnixDesktop = (p: NodeJS.Platform) => p === 'linux' || p === 'freebsd' || p === 'openbsd' || p === 'netbsd';

function sessionOf(facts: ProbeFacts): Session {
  const { env } = facts;
  const sessionType = env.XDG_SESSION_TYPE?.trim().toLowerCase();
  const wayland = sessionType === 'wayland' || (sessionType !== 'x11' && Boolean(env.WAYLAND_DISPLAY?.trim()));
  return { ...facts, sessionType, wayland, display: env.DISPLAY?.trim() || undefined };
}

/** The first spec of `candidates` that finds itself in the session; the others' reasons go to `skipped`. */
function firstFound(session: Session, candidates: readonly DesktopSpec[], skipped: SkippedWatcher[]): WatcherChoice | undefined {
  for (const spec of candidates) {
    const found = spec.detect(session);
    if (!found.found) {
      skipped.push({ kind: spec.kind, why: found.why });
      continue;
    }
    for (const other of candidates)
      if (other !== spec && !skipped.some((s) => s.kind === other.kind))
        skipped.push({ kind: other.kind, why: `${spec.kind} comes first in this session` });
    const { found: _, ...where } = found;
    return { kind: spec.kind, spec, ...where, skipped };
  }
  return undefined;
}

/**
 * Windows and macOS have one desktop each. On Linux a Wayland session is recognised first (its X11
 * `DISPLAY`, if any, is XWayland and sees only XWayland windows, so X11 is never used there); the
 * Wayland desktops are asked in the registry's order.
 */
export function chooseWatcher(facts: ProbeFacts): WatcherChoice {
  const { platform } = facts;
  const session = sessionOf(facts);
  const os = platform === 'win32' ? 'windows' : platform === 'darwin' ? 'macos' : undefined;
  if (os)
    return (
      firstFound(
        session,
        DESKTOP_SPECS.filter((s) => s.session === os),
        [],
      ) ?? { kind: 'none', why: `no ${os} watcher`, skipped: [] }
    );
  if (!isUnixDesktop(platform)) return { kind: 'none', why: `no window watcher for platform ${platform}`, skipped: [] };

  const skipped: SkippedWatcher[] = [];
  const x11 = DESKTOP_SPECS.filter((s) => s.session === 'x11');
  const wayland = DESKTOP_SPECS.filter((s) => s.session === 'wayland');
  if (!session.wayland) {
    const why = session.sessionType === 'x11' ? 'X11 session (XDG_SESSION_TYPE=x11)' : 'not a Wayland session (no WAYLAND_DISPLAY)';
    for (const spec of wayland) skipped.push({ kind: spec.kind, why });
    return (
      firstFound(session, x11, skipped) ?? {
        kind: 'none',
        why: 'no DISPLAY and no WAYLAND_DISPLAY: no graphical session to observe; browser tabs are still watched',
        // X11's own reason (no DISPLAY) is said by `why`.
        skipped: skipped.filter((s) => s.kind !== 'x11'),
      }
    );
  }
  for (const spec of x11) skipped.push({ kind: spec.kind, why: spec.detect(session).why });
  return (
    firstFound(session, wayland, skipped) ?? { kind: 'none', why: 'Wayland session, but no compositor socket antidrift can read', skipped }
  );
}

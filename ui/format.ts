// Words and numbers the surfaces show: durations, drift status, the host/AI status line.
import type { SessionView, SurfaceView } from '../shared/core/controller/surface-view';
import type { HostStatus } from '../shared/core/host-status';
import { BROWSER_BACKEND } from '../shared/core/vocabulary';
import { STATUS_WORDS } from '../shared/core/vocabulary';

export { STATUS_WORDS };

export function statusWords(view: SurfaceView): string {
  if (view.phase === 'idle') return 'no focus session';
  if (view.phase === 'paused') return 'paused';
  if (view.rhythm?.phase === 'break') return 'break';
  if (view.away) return 'away';
  return STATUS_WORDS[view.status];
}

/** "Break — back to work in 7:32" / "Work — break in 12:00": where the rhythm stands, counted down to `now`. */
export function rhythmWords(rhythm: NonNullable<SurfaceView['rhythm']>, now: number): string {
  const left = formatDuration(rhythm.endsAt - now);
  return rhythm.phase === 'break' ? `Break — back to work in ${left}` : `Work — break in ${left}`;
}

/** 65s → "1:05", 3725s → "1:02:05". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export type SessionTimes = { elapsedMs: number; leftMs?: number };

/** Elapsed focus time (pauses excluded, frozen while paused) and what is left of the timebox. */
export function sessionTimes(session: SessionView, now: number): SessionTimes {
  const until = session.pausedAt ?? now;
  const elapsedMs = Math.max(0, until - session.startedAt - session.pausedTotalMs);
  // endsAt already includes past pauses; a running pause pushes it further when it ends.
  return session.endsAt === undefined ? { elapsedMs } : { elapsedMs, leftMs: session.endsAt - until };
}

/** The first letter in capitals: status words and inline errors start sentences. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 42 s, 12 min, 1 h 05 min: a total for people, not a clock (the popup's and the History page's). */
export function formatSpan(ms: number): string {
  const seconds = Math.round(Math.max(0, ms) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** A time of day in the person's locale (their 12- or 24-hour clock), to the minute: the popup's and the History page's. */
export function formatClock(ms: number): string {
  return clockFormat.format(ms);
}

/**
 * Whether the built-in model's state is worth a line of its own: it is chosen, or what Automatic could
 * fall back to, and it needs something (a download) or cannot run. Ready and in use, the status line
 * already names it.
 */
export function showsBrowserModel({ ports, activeBackend: active, chosenBackend: chosen }: HostStatus): boolean {
  const model = ports.browser.status.availability;
  if (active === BROWSER_BACKEND) return model !== 'available';
  if (chosen === BROWSER_BACKEND) return true;
  return chosen === null && active === null && model !== 'unavailable';
}

// A strict session's rules: what it blocks and when, the waits before ending early or pausing, its counts.
import { STRICT_ON_TASK_WAIT_MS, STRICT_RENOTIFY_MS, strictNow, type Blocking } from '../session-blocking';
import { matchesAny } from '../match';
import type { ControllerEffect } from './events';
import type { Step } from './evaluate';
import { log, unchanged, type EventOf } from './handler';
import type { DriftState, SessionRecord, StrictCounts, WaitPurpose } from './controller-records';
import { onBreak } from './session-rhythm';
import { withSession, type ControllerState, type SessionState } from './state';

/**
 * What the browser blocks at `at`: a strict session's blocked sites while it runs. Paused, on a break
 * of its rhythm, after its timebox, or with no session, nothing is blocked.
 */
export function blockingOf(s: ControllerState, at: number): Blocking | null {
  if (s.phase !== 'active' || !strictNow(s.session, at) || onBreak(s)) return null;
  const { id, blocked, endsAt } = s.session;
  return { sessionId: id, entries: blocked, includeIncognito: s.settings.includeIncognito, ...(endsAt === undefined ? {} : { endsAt }) };
}

/** The wait for `purpose` has run its course by `at`. */
export function waitOver(session: SessionRecord, purpose: WaitPurpose, at: number): boolean {
  return session.wait !== undefined && session.wait.purpose === purpose && at >= session.wait.readyAt;
}

/** Why ending or pausing must wait now, in words, or undefined when it may happen. */
export function waitRefusal(session: SessionRecord, purpose: WaitPurpose, at: number): string | undefined {
  if (!strictNow(session, at) || waitOver(session, purpose, at)) return undefined;
  const what = purpose === 'end' ? 'ending early' : 'pausing';
  return session.wait?.purpose === purpose
    ? `strict session: ${what} waits ${Math.ceil((session.wait.readyAt - at) / 1000)} s more`
    : `strict session: ${what} needs the wait first`;
}

/** The counts a session leaves with: a wait still running when it ends was abandoned, one that ran out was gone through. */
export function countsAfter(session: SessionRecord, purpose: WaitPurpose, at: number): StrictCounts {
  const counts = session.strictCounts;
  if (!session.wait) return counts;
  return waitOver(session, purpose, at)
    ? { ...counts, waitsGoneThrough: counts.waitsGoneThrough + 1 }
    : { ...counts, waitsAbandoned: counts.waitsAbandoned + 1 };
}

/** The session as it is once a wait for `purpose` has been used (or was in vain). */
export function afterWait(session: SessionRecord, purpose: WaitPurpose, at: number): SessionRecord {
  const { wait: _wait, ...rest } = session;
  return { ...rest, strictCounts: countsAfter(session, purpose, at) };
}

/** A wait starts only where it is needed: a strict session before its timebox ends (pausing only while it runs). */
export function startWait(s: SessionState, e: EventOf<'waitStarted'>): Step {
  const session = s.session;
  if (!strictNow(session, e.at)) return unchanged(s, log('info', 'no wait needed: the session is not strict now'));
  if (e.purpose === 'pause' && s.phase !== 'active') return unchanged(s);
  if (session.wait?.purpose === e.purpose) return unchanged(s);
  const readyAt = e.at + s.settings.strictWaitSeconds * 1000;
  const counts = session.wait ? countsAfter(session, session.wait.purpose, e.at) : session.strictCounts;
  const next: SessionRecord = {
    ...session,
    wait: { purpose: e.purpose, startedAt: e.at, readyAt },
    strictCounts: { ...counts, waitsStarted: counts.waitsStarted + 1 },
  };
  return unchanged(withSession(s, next));
}

/** Keep going (or the popup closed): the wait is off, and counted as abandoned. */
export function abandonWait(s: SessionState, e: EventOf<'waitAbandoned'>): Step {
  const wait = s.session.wait;
  if (!wait) return unchanged(s);
  const { wait: _wait, ...rest } = s.session;
  const counts = s.session.strictCounts;
  const gone = e.at >= wait.readyAt;
  return unchanged(
    withSession(s, {
      ...rest,
      strictCounts: gone
        ? { ...counts, waitsGoneThrough: counts.waitsGoneThrough + 1 }
        : { ...counts, waitsAbandoned: counts.waitsAbandoned + 1 },
    }),
  );
}

/** Counted only for a site this session blocks now: any page can open the block page, and must not fill History with visits. */
export function countBlockedNavigation(s: SessionState, e: EventOf<'navigationBlocked'>): Step {
  if (blockingOf(s, e.at) === null || !s.session.blocked.includes(e.site)) return unchanged(s);
  const counts = s.session.strictCounts;
  return unchanged(withSession(s, { ...s.session, strictCounts: { ...counts, blockedNavigations: counts.blockedNavigations + 1 } }));
}

/**
 * Why "This is on task" cannot be chosen now in a strict session, or undefined when it can: never for a
 * site or app on the blocked list, and only after a short wait for a drift the AI judged.
 */
export function onTaskRefusal(s: SessionState, at: number): string | undefined {
  const current = s.drift.current;
  if (!strictNow(s.session, at) || !current) return undefined;
  if (matchesAny(s.session.blocked, current)) return `strict session: ${current.app} is on your blocked list`;
  const since = s.drift.driftSince ?? at;
  if (at < since + STRICT_ON_TASK_WAIT_MS) return 'strict session: "This is on task" waits 10 s';
  return undefined;
}

/**
 * When the drift banner offers "This is on task": 0 at once, null never (a strict session's blocked
 * list), else from that moment (a strict session's drift the AI judged).
 */
export function onTaskFrom(session: SessionRecord, d: DriftState): number | null {
  // The view has no clock: the tick at the timebox's end (timeboxNotified) is when strictness ends for it.
  if (!session.strict || session.timeboxNotified) return 0;
  if (d.current && matchesAny(session.blocked, d.current)) return null;
  return (d.driftSince ?? 0) + STRICT_ON_TASK_WAIT_MS;
}

/** When a strict session next repeats a desktop app's drift notification, or null. */
export function renotifyAt(s: ControllerState, at: number): number | null {
  if (s.phase !== 'active' || !strictNow(s.session, at) || onBreak(s)) return null;
  const d = s.drift;
  if (d.status !== 'drifting' || d.awaySince !== null || d.current?.source !== 'os' || d.driftNotifiedAt === null) return null;
  return d.driftNotifiedAt + STRICT_RENOTIFY_MS;
}

/** A strict session says a desktop app's drift again every two minutes while the app keeps focus. */
export function renotifyDrift(step: Step, at: number): Step {
  const s = step.state;
  const due = renotifyAt(s, at);
  if (due === null || at < due || s.phase === 'idle' || !s.drift.current) return step;
  const effect: ControllerEffect = {
    type: 'notifyDrift',
    episode: s.drift.driftEpisode,
    app: s.drift.current.app,
    reason: s.drift.reason,
    repeat: true,
  };
  return { state: { ...s, drift: { ...s.drift, driftNotifiedAt: at } }, effects: [...step.effects, effect] };
}

// Where a session stands in its work/break rhythm and when its phase next changes: queries, no decisions.
import { rhythmPhase, type RhythmPhase } from '../rhythm';
import type { RhythmMark, SessionRecord } from './controller-records';
import type { ControllerState } from './state';

/** Where a rhythm starts: work, first cycle (never announced: the session start says it). */
export const FIRST_WORK: RhythmMark = { cycle: 0, phase: 'work' };

type Timed = Pick<SessionRecord, 'startedAt' | 'pausedTotalMs' | 'pausedAt' | 'rhythm'>;

/** The session's own time at `at`: paused time left out, and the clock stands still while paused. */
export function workedMs(session: Timed, at: number): number {
  return (session.pausedAt ?? at) - session.startedAt - session.pausedTotalMs;
}

/** Where the session stands in its rhythm at `at`, or null without a rhythm. */
export function rhythmAt(session: Timed, at: number): RhythmPhase | null {
  return session.rhythm ? rhythmPhase(session.rhythm, workedMs(session, at)) : null;
}

/** The phase the controller acts in: the one last announced (every event first announces a phase it has crossed into). */
export function announcedPhase(session: Pick<SessionRecord, 'rhythm' | 'rhythmAnnounced'>): RhythmMark | null {
  return session.rhythm ? (session.rhythmAnnounced ?? FIRST_WORK) : null;
}

/** A running session in a break: nothing is judged or nudged, no banner or heads-up is shown. */
export function onBreak(s: ControllerState): boolean {
  return s.phase === 'active' && announcedPhase(s.session)?.phase === 'break';
}

/**
 * When the announced phase ends, on the wall clock (valid while the session runs; a pause moves it).
 * Already past when a boundary was crossed unannounced: the deadline is then "now".
 */
export function phaseEndsAt(session: Timed & Pick<SessionRecord, 'rhythmAnnounced'>): number | null {
  const mark = announcedPhase(session);
  const rhythm = session.rhythm;
  if (!mark || !rhythm) return null;
  const workMs = rhythm.workMinutes * 60_000;
  const cycleMs = workMs + rhythm.breakMinutes * 60_000;
  const endWorked = mark.cycle * cycleMs + (mark.phase === 'work' ? workMs : cycleMs);
  return session.startedAt + session.pausedTotalMs + endWorked;
}

// Handlers of the person's presence: away (idle or screen locked) sets drift and nudges aside; coming back looks again.
import { evaluateCurrent, leaveStretch, type Step } from './evaluate';
import { unchanged, type EventOf } from './handler';
import type { ControllerState } from './state';

/** Away ends the on-task stretch (an in-flight nudge becomes stale) and drops a judge not yet asked. */
export function markAway(s: ControllerState, e: EventOf<'awayStarted'>): Step {
  if (s.drift.awaySince !== null) return unchanged(s);
  return unchanged({ ...s, drift: { ...leaveStretch(s.drift), awaySince: e.at, judgeDue: null } });
}

/** Back: the window in front of the person is looked at again, as if it had just been observed. */
export function markBack(s: ControllerState, e: EventOf<'awayEnded'>): Step {
  if (s.drift.awaySince === null) return unchanged(s);
  const drift = { ...s.drift, awaySince: null, lastReevaluatedAt: e.at };
  return s.phase === 'active' ? evaluateCurrent({ ...s, drift }, e.at, true) : unchanged({ ...s, drift });
}

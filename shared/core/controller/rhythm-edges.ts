// The step that announces each new phase of a session's rhythm: a break begins, work comes back.
import { evaluateCurrent, type Step } from './evaluate';
import type { DriftState, RhythmMark, SessionRecord } from './controller-records';
import { announcedPhase, rhythmAt } from './session-rhythm';
import type { ActiveState } from './state';

const rank = (m: RhythmMark) => m.cycle * 2 + (m.phase === 'break' ? 1 : 0);

/**
 * Announces the phase the session has crossed into since the last announcement, if any. Only the
 * latest edge is announced: a worker that slept through a whole break says only that work is back.
 * A break sets the drift aside as a pause does; work coming back looks at the current window again.
 */
export function crossRhythmEdge(s: ActiveState, at: number): Step<ActiveState> {
  const now = rhythmAt(s.session, at);
  const last = announcedPhase(s.session);
  if (!now || !last) return { state: s, effects: [] };
  const mark: RhythmMark = { cycle: now.cycle, phase: now.phase };
  if (rank(mark) <= rank(last)) return { state: s, effects: [] };
  const session: SessionRecord = { ...s.session, rhythmAnnounced: mark };
  const d = s.drift;
  if (now.phase === 'break') {
    // An in-flight nudge becomes stale, a judge not yet asked is dropped; verdicts stay cached.
    const drift: DriftState = { ...d, judgeDue: null, onTaskStretch: d.onTaskStretch + 1, nudgeMessage: '' };
    const minutes = s.session.rhythm?.breakMinutes ?? 0;
    return {
      state: { ...s, session, drift },
      effects: [{ type: 'notifyBreakStarted', commitment: s.session.commitment.nextAction, minutes, endsAt: at + now.leftMs }],
    };
  }
  const step = evaluateCurrent({ ...s, session, drift: { ...d, lastReevaluatedAt: at } }, at, true);
  return { state: step.state, effects: [{ type: 'notifyBreakEnded', nextAction: s.session.commitment.nextAction }, ...step.effects] };
}

// The session state machine: one handler table per phase, and the bookkeeping every transition shares.
import type { Phase } from '../vocabulary';
import { judgeAnswered, nudgeAnswered, staleNudge, staleVerdict } from './answer-handlers';
import { markAway, markBack } from './away-handlers';
import {
  backToTask,
  dismissBanner,
  dismissNudge,
  evaluateObservation,
  markOnTask,
  recordObservation,
  saveForLater,
} from './choice-handlers';
import { nextDeadline } from './deadlines';
import type { Step } from './evaluate';
import { eventTime, type ControllerEvent, type ControllerEventType } from './events';
import { crossRhythmEdge } from './rhythm-edges';
import { unchanged, type Handler, type HandlerTable } from './handler';
import {
  changeHost,
  checkAIPort,
  endSessionChosen,
  pauseSession,
  restoreState,
  resumeSession,
  saveSettings,
  startSession,
  tick,
} from './session-handlers';
import { abandonWait, blockingOf, countBlockedNavigation, startWait } from './strict';
import { sameBlocking } from '../session-blocking';
import { sessionOf, type ActiveState, type ControllerState, type IdleState, type PausedState, type SessionState } from './state';

/** What every phase answers the same way. */
const ANY_PHASE: HandlerTable<ControllerState> = {
  sessionStarted: startSession,
  stateRestored: restoreState,
  settingsSaved: saveSettings,
  hostStatusChanged: changeHost,
  aiPortChecked: checkAIPort,
  awayStarted: markAway,
  awayEnded: markBack,
};

/** What a session answers whether it runs or is paused. */
const WITH_SESSION: HandlerTable<SessionState> = {
  sessionEnded: endSessionChosen,
  waitStarted: startWait,
  waitAbandoned: abandonWait,
  navigationBlocked: countBlockedNavigation,
  judgeSucceeded: judgeAnswered,
  judgeFailed: judgeAnswered,
  backToTaskChosen: backToTask,
  onTaskChosen: markOnTask,
  savedForLaterChosen: saveForLater,
  bannerDismissed: dismissBanner,
  nudgeDismissed: dismissNudge,
};

const HANDLERS: {
  readonly idle: HandlerTable<IdleState>;
  readonly active: HandlerTable<ActiveState>;
  readonly paused: HandlerTable<PausedState>;
} = {
  idle: {
    ...ANY_PHASE,
    observed: recordObservation,
    judgeSucceeded: staleVerdict,
    judgeFailed: staleVerdict,
    nudgeSucceeded: staleNudge,
    nudgeFailed: staleNudge,
  },
  active: {
    ...ANY_PHASE,
    ...WITH_SESSION,
    sessionPaused: pauseSession,
    observed: evaluateObservation,
    ticked: tick,
    nudgeSucceeded: nudgeAnswered,
    nudgeFailed: nudgeAnswered,
  },
  paused: {
    ...ANY_PHASE,
    ...WITH_SESSION,
    sessionResumed: resumeSession,
    observed: recordObservation,
    nudgeSucceeded: staleNudge,
    nudgeFailed: staleNudge,
  },
} satisfies Record<Phase, unknown>;

/**
 * Events that do not first announce a rhythm edge: a restore is only what storage kept (the tick it
 * arms announces, and saves, what was crossed meanwhile); a start begins a rhythm and an end leaves one.
 */
const NO_RHYTHM_EDGE: ReadonlySet<ControllerEventType> = new Set(['stateRestored', 'sessionStarted', 'sessionEnded']);

function reduce(s: ControllerState, e: ControllerEvent): Step {
  const table = HANDLERS[s.phase] as HandlerTable<ControllerState>;
  const handler = table[e.type] as Handler<ControllerState, ControllerEvent['type']> | undefined;
  return handler ? handler(s, e as never) : unchanged(s);
}

/** A running session first enters the rhythm phase it is in at the event's time, so every handler acts in it. */
function reduceInRhythm(s: ControllerState, e: ControllerEvent): Step {
  if (s.phase !== 'active' || NO_RHYTHM_EDGE.has(e.type)) return reduce(s, e);
  const edge = crossRhythmEdge(s, eventTime(e));
  const step = reduce(edge.state, e);
  return { ...step, effects: [...edge.effects, ...step.effects] };
}

/**
 * A dismissal hides one text. Once the advice moves on (a new text, or none), it is forgotten,
 * so the same advice returning later shows again.
 */
function forgetStaleDismissal(before: ControllerState, after: ControllerState): ControllerState {
  const d = after.drift;
  if (d.dismissedNudge === null || d.nudgeMessage === before.drift.nudgeMessage || d.nudgeMessage === d.dismissedNudge) return after;
  return { ...after, drift: { ...d, dismissedNudge: null } };
}

/**
 * The controller: applies one event and returns the new state and the effects the shell must run.
 * Persistence, the wake-up alarm and the away threshold are derived here from what changed, so no handler can forget them.
 */
export function transition(state: ControllerState, event: ControllerEvent): Step {
  const step = reduceInRhythm(state, event);
  const next = forgetStaleDismissal(state, step.state);
  const effects = [...step.effects];
  // What was just read from storage needs no writing back.
  if (event.type !== 'stateRestored') {
    const session = sessionOf(next);
    if (session !== sessionOf(state) || next.lastSessionId !== state.lastSessionId) {
      effects.push({ type: 'saveSession', session, lastSessionId: next.lastSessionId });
    }
    if (next.drift !== state.drift) effects.push({ type: 'saveDrift', drift: next.drift });
    if (next.settings !== state.settings) effects.push({ type: 'saveSettings', settings: next.settings });
  }
  const afterSeconds = next.settings.awayAfterSeconds;
  if (event.type === 'stateRestored' || afterSeconds !== state.settings.awayAfterSeconds) {
    effects.push({ type: 'watchAway', afterSeconds, askNow: event.type === 'stateRestored' });
  }
  const at = eventTime(event);
  // Every restore says what may be blocked, so a worker start clears rules no running strict session holds.
  // Blocking also ends with time (the timebox): a strict session's tick says it again, and the shell skips a repeat.
  const blocking = blockingOf(next, at);
  const strictTick = event.type === 'ticked' && state.phase !== 'idle' && state.session.strict;
  if (event.type === 'stateRestored' || strictTick || !sameBlocking(blockingOf(state, at), blocking))
    effects.push({ type: 'setBlocking', blocking });
  const before = nextDeadline(state, at);
  const after = nextDeadline(next, at);
  if (before !== after || event.type === 'ticked' || event.type === 'stateRestored') effects.push({ type: 'armAlarm', at: after });
  return { state: next, effects, ...(step.refused ? { refused: step.refused } : {}) };
}

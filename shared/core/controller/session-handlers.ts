// Handlers of a session's life and of the controller's inputs: start, pause, resume, end, restore, settings, host, tick.
import { JUDGE_RETRY_MS, MAX_TIMEBOX_MINUTES } from '../core-limits';
import { normalizeList } from '../match';
import { commitmentText } from '../commitment';
import { evaluateCurrent, type Step } from './evaluate';
import type { ControllerEffect } from './events';
import { log, refuse, unchanged, type EventOf } from './handler';
import { Commitment, NO_STRICT_COUNTS, type DriftState, type SessionRecord } from './controller-records';
import { afterWait, renotifyDrift, waitRefusal } from './strict';
import { strictNow } from '../session-blocking';
import { portStatus } from '../ai-targets';
import { Rhythm } from '../rhythm-record';
import { FIRST_WORK } from './session-rhythm';
import {
  aiTargetOf,
  freshDrift,
  withSession,
  type ActiveState,
  type ControllerState,
  type IdleState,
  type PausedState,
  type SessionState,
} from './state';

/** The person ends the session: a strict one ends early only after its wait. */
export function endSessionChosen(s: SessionState, e: EventOf<'sessionEnded'>): Step {
  const refusal = waitRefusal(s.session, 'end', e.at);
  return refusal ? refuse(s, { what: 'session not ended', why: refusal }) : endSession(s);
}

export function endSession(s: SessionState): Step<IdleState> {
  const idle = withSession(s, null) as IdleState;
  return { state: { ...idle, drift: freshDrift(0, s.drift.current, s.drift.onTaskStretch + 1) }, effects: [] };
}

/** Starting while a session runs ends that one first; an unusable commitment changes nothing. */
export function startSession(s: ControllerState, e: EventOf<'sessionStarted'>): Step {
  const commitment = Commitment.safeParse(e.input.commitment);
  const notStarted = (why: string | undefined) => refuse(s, { what: 'session not started', why: why ?? 'check the commitment' });
  if (!commitment.success) return notStarted(commitment.error.issues[0]?.message);
  const rhythm = e.input.rhythm === undefined ? undefined : Rhythm.safeParse(e.input.rhythm);
  if (rhythm && !rhythm.success) return notStarted(rhythm.error.issues[0]?.message);
  // A strict session is not replaced on a whim: it ends (after its wait) before another starts.
  if (s.phase !== 'idle' && strictNow(s.session, e.at)) return notStarted('a strict session runs: end it first (ending early waits)');
  const base = s.phase === 'idle' ? s : endSession(s).state;
  const minutes = e.input.timeboxMinutes;
  const timeboxed = minutes !== undefined && Number.isFinite(minutes) && minutes > 0;
  const id = base.lastSessionId + 1;
  const session: SessionRecord = {
    id,
    commitment: commitment.data,
    allowed: normalizeList(e.input.allowed),
    blocked: normalizeList(e.input.blocked),
    startedAt: e.at,
    pausedTotalMs: 0,
    timeboxNotified: false,
    ...(timeboxed ? { endsAt: e.at + Math.min(minutes, MAX_TIMEBOX_MINUTES) * 60_000 } : {}),
    ...(rhythm ? { rhythm: rhythm.data, rhythmAnnounced: FIRST_WORK } : {}),
    strict: e.input.strict === true,
    allowlistOnly: e.input.allowlistOnly === true,
    strictCounts: NO_STRICT_COUNTS,
  };
  const started: ActiveState = {
    ...base,
    phase: 'active',
    session,
    lastSessionId: id,
    drift: { ...freshDrift(id, base.drift.current, base.drift.onTaskStretch + 1), lastReevaluatedAt: e.at },
  };
  return evaluateCurrent(started, e.at, true);
}

export function pauseSession(s: ActiveState, e: EventOf<'sessionPaused'>): Step {
  const refusal = waitRefusal(s.session, 'pause', e.at);
  if (refusal) return refuse(s, { what: 'session not paused', why: refusal });
  const d = s.drift;
  // Pausing ends the on-task stretch; in-flight judges may still land in the cache.
  const drift: DriftState = { ...d, judgeDue: null, onTaskStretch: d.onTaskStretch + 1, nudgeMessage: '' };
  const session = s.session.wait ? afterWait(s.session, 'pause', e.at) : s.session;
  return unchanged({ ...withSession(s, { ...session, pausedAt: e.at }), drift });
}

export function resumeSession(s: PausedState, e: EventOf<'sessionResumed'>): Step {
  const { pausedAt, ...rest } = s.session;
  const pausedFor = Math.max(0, e.at - pausedAt);
  const resumed: SessionRecord = {
    ...rest,
    pausedTotalMs: s.session.pausedTotalMs + pausedFor,
    ...(s.session.endsAt !== undefined ? { endsAt: s.session.endsAt + pausedFor } : {}),
  };
  const active = withSession(s, resumed) as ActiveState;
  return evaluateCurrent({ ...active, drift: { ...s.drift, lastReevaluatedAt: e.at } }, e.at, true);
}

export function restoreState(s: ControllerState, e: EventOf<'stateRestored'>): Step {
  const session = e.session;
  const lastSessionId = Math.max(s.lastSessionId, e.lastSessionId, session?.id ?? 0);
  // The active-restore path: unless this is the same browser run (drift state of this very
  // session survived), drift state starts clean so no stale banner can come back.
  const drift =
    e.drift && session && e.drift.sessionId === session.id
      ? e.drift
      : { ...freshDrift(session?.id ?? 0, null, 0), lastReevaluatedAt: e.at };
  const restored = { ...s, settings: e.settings, lastSessionId, drift };
  return unchanged(withSession(restored, session));
}

/** New inputs; a backend that just became usable gets the current window looked at again. */
function withInputs(s: ControllerState, at: number, inputs: Partial<Pick<ControllerState, 'settings' | 'host' | 'ports'>>): Step {
  const next: ControllerState = { ...s, ...inputs };
  const becameAvailable = aiTargetOf(next) !== null && aiTargetOf(s) === null;
  return becameAvailable && next.phase === 'active' ? evaluateCurrent(next, at, false) : unchanged(next);
}

export function saveSettings(s: ControllerState, e: EventOf<'settingsSaved'>): Step {
  return withInputs(s, e.at, { settings: e.settings });
}

export function changeHost(s: ControllerState, e: EventOf<'hostStatusChanged'>): Step {
  return withInputs(s, e.at, { host: e.host });
}

/** The worker asks each reporting port at start, each tick and for Options; only an answer that differs is a change (decided here, not by the asker). */
export function checkAIPort(s: ControllerState, e: EventOf<'aiPortChecked'>): Step {
  const known = portStatus(s.ports, e.port);
  if (known.availability === e.status.availability && known.reason === e.status.reason) return unchanged(s);
  return withInputs(s, e.at, { ports: { ...s.ports, [e.port]: e.status } });
}

export function tick(s: ActiveState, e: EventOf<'ticked'>): Step {
  const { at } = e;
  const effects: ControllerEffect[] = [];
  let session = s.session;
  if (session.endsAt !== undefined && at >= session.endsAt && !session.timeboxNotified) {
    session = { ...session, timeboxNotified: true };
    effects.push({ type: 'notifyTimeboxEnded', commitment: commitmentText(session.commitment) });
  }
  const d = s.drift;
  // A judge whose answer never came (service worker died, host lost it) must not leave us checking.
  const pendingJudges = { ...d.pendingJudges };
  const judgeFailures = { ...d.judgeFailures };
  // A failure only blocks retries for a while; older ones are forgotten, so the map stays bounded.
  for (const [app, failedAt] of Object.entries(judgeFailures)) if (at - failedAt >= JUDGE_RETRY_MS) delete judgeFailures[app];
  for (const [app, p] of Object.entries(d.pendingJudges)) {
    if (p.expiresAt > at) continue;
    delete pendingJudges[app];
    judgeFailures[app] = at;
    effects.push(log('warn', `drift judge for ${app} gave no answer in time`));
  }
  const drift: DriftState = { ...d, lastReevaluatedAt: at, pendingJudges, judgeFailures };
  const step = renotifyDrift(evaluateCurrent({ ...s, session, drift }, at, false), at);
  return { state: step.state, effects: [...effects, ...step.effects] };
}

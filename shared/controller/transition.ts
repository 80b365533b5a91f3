// The session state machine: a pure (state, event) → { state, effects } over sessions, drift and nudge.
import { appKey, entryMatches, normalizeList } from '../match';
import { cacheVerdict, enterDrifting, evaluateCurrent, type Step } from './evaluate';
import type { ControllerEffect, ControllerEvent, SessionStartInput } from './events';
import { nextDeadline } from './deadlines';
import {
  Commitment,
  commitmentText,
  ControllerConfig,
  freshVolatile,
  NUDGE_MAX_BACKOFF,
  runtimeOf,
  type ControllerState,
  type SessionRecord,
  type VolatileState,
} from './model';

const MAX_TIMEBOX_MINUTES = 24 * 60;

const unchanged = (state: ControllerState, ...effects: ControllerEffect[]): Step => ({ state, effects });

function withSession(s: ControllerState, session: SessionRecord | null): ControllerState {
  return { ...s, session, runtime: runtimeOf(session) };
}

function startSession(s: ControllerState, at: number, input: SessionStartInput): Step {
  const commitment = Commitment.safeParse(input.commitment);
  if (!commitment.success) {
    return unchanged(s, { type: 'log', level: 'warn', message: `session not started: ${commitment.error.issues[0]?.message}` });
  }
  const minutes = input.timeboxMinutes;
  const timeboxed = minutes !== undefined && Number.isFinite(minutes) && minutes > 0;
  const id = s.lastSessionId + 1;
  const session: SessionRecord = {
    id,
    commitment: commitment.data,
    allowed: normalizeList(input.allowed),
    blocked: normalizeList(input.blocked),
    startedAt: at,
    pausedTotalMs: 0,
    timeboxNotified: false,
    ...(timeboxed ? { endsAt: at + Math.min(minutes, MAX_TIMEBOX_MINUTES) * 60_000 } : {}),
  };
  const started: ControllerState = {
    ...withSession(s, session),
    lastSessionId: id,
    drift: { ...freshVolatile(id, s.drift.current, s.drift.nudgeEpoch + 1), lastReevaluatedAt: at },
  };
  return evaluateCurrent(started, at, true);
}

function endSession(s: ControllerState): Step {
  return unchanged({ ...withSession(s, null), drift: freshVolatile(0, s.drift.current, s.drift.nudgeEpoch + 1) });
}

function pause(s: ControllerState, at: number): Step {
  if (s.runtime !== 'active' || !s.session) return unchanged(s);
  const d = s.drift;
  // Pausing ends the on-task stretch; in-flight judges may still land in the cache.
  const drift: VolatileState = { ...d, judgeDue: null, nudgeEpoch: d.nudgeEpoch + 1, nudgeMessage: '' };
  return unchanged({ ...withSession(s, { ...s.session, pausedAt: at }), drift });
}

function resume(s: ControllerState, at: number): Step {
  const session = s.session;
  if (s.runtime !== 'paused' || !session || session.pausedAt === undefined) return unchanged(s);
  const pausedFor = Math.max(0, at - session.pausedAt);
  const { pausedAt: _dropped, ...rest } = session;
  const resumed: SessionRecord = {
    ...rest,
    pausedTotalMs: session.pausedTotalMs + pausedFor,
    ...(session.endsAt !== undefined ? { endsAt: session.endsAt + pausedFor } : {}),
  };
  return evaluateCurrent({ ...withSession(s, resumed), drift: { ...s.drift, lastReevaluatedAt: at } }, at, true);
}

function restore(s: ControllerState, e: Extract<ControllerEvent, { type: 'stateRestored' }>): Step {
  const session = e.session;
  const lastSessionId = Math.max(s.lastSessionId, e.lastSessionId, session?.id ?? 0);
  // The active-restore path: unless this is the same browser run (volatile state of this very
  // session survived), drift state starts clean so no stale banner can come back.
  const volatile =
    e.volatile && session && e.volatile.sessionId === session.id
      ? e.volatile
      : { ...freshVolatile(session?.id ?? 0, null, 0), lastReevaluatedAt: e.at };
  return unchanged({ ...withSession(s, session), lastSessionId, drift: volatile });
}

function tick(s: ControllerState, at: number): Step {
  if (s.runtime !== 'active' || !s.session) return unchanged(s);
  const effects: ControllerEffect[] = [];
  let session = s.session;
  if (session.endsAt !== undefined && at >= session.endsAt && !session.timeboxNotified) {
    session = { ...session, timeboxNotified: true };
    effects.push({ type: 'notifyTimeboxEnded', commitment: commitmentText(session.commitment) });
  }
  let d: VolatileState = { ...s.drift, lastReevaluatedAt: at };
  // A judge whose answer never came (service worker died, host lost it) must not leave us checking.
  const pending = { ...d.pendingJudges };
  const failures = { ...d.judgeFailures };
  // A failure only blocks retries for judgeRetryMs; older ones are forgotten, so the map stays bounded.
  for (const [app, failedAt] of Object.entries(failures)) if (at - failedAt >= s.config.judgeRetryMs) delete failures[app];
  for (const [app, p] of Object.entries(d.pendingJudges)) {
    if (p.expiresAt > at) continue;
    delete pending[app];
    failures[app] = at;
    effects.push({ type: 'log', level: 'warn', message: `drift judge for ${app} gave no answer in time` });
  }
  d = { ...d, pendingJudges: pending, judgeFailures: failures };
  const step = evaluateCurrent({ ...s, session, drift: d }, at, false);
  return { state: step.state, effects: [...effects, ...step.effects] };
}

function judgeAnswered(s: ControllerState, e: Extract<ControllerEvent, { type: 'judgeSucceeded' | 'judgeFailed' }>): Step {
  const d = s.drift;
  const pending = d.pendingJudges[e.app];
  if (!s.session || e.sessionId !== s.session.id || !pending || pending.gen !== e.gen) {
    return unchanged(s, { type: 'log', level: 'info', message: `stale drift verdict for ${e.app} discarded` });
  }
  const pendingJudges = { ...d.pendingJudges };
  delete pendingJudges[e.app];
  const onThatApp = s.runtime === 'active' && d.current !== null && appKey(d.current.app) === e.app;

  if (e.type === 'judgeFailed') {
    // Never fabricate: a failed judge leaves the person undisturbed and says so in diagnostics.
    const drift: VolatileState = {
      ...d,
      pendingJudges,
      judgeFailures: { ...d.judgeFailures, [e.app]: e.at },
      ...(onThatApp && d.status === 'checking' ? { status: 'unknown' as const } : {}),
    };
    return unchanged({ ...s, drift }, { type: 'log', level: 'warn', message: `drift judge failed for ${e.app}: ${e.error}` });
  }
  const failures = { ...d.judgeFailures };
  delete failures[e.app];
  const verdict = { drifting: e.drifting, reason: e.reason };
  const cached: VolatileState = { ...d, pendingJudges, judgeFailures: failures, verdicts: cacheVerdict(d.verdicts, e.app, verdict) };
  if (!onThatApp || !d.current) return unchanged({ ...s, drift: cached });
  if (!e.drifting) return unchanged({ ...s, drift: { ...cached, status: 'ontask', reason: '', lastOnTask: d.current } });
  const { drift, effects } = enterDrifting(d, cached, d.current, e.reason);
  return { state: { ...s, drift }, effects };
}

function nudgeAnswered(s: ControllerState, e: Extract<ControllerEvent, { type: 'nudgeSucceeded' | 'nudgeFailed' }>): Step {
  const stale = !s.session || e.sessionId !== s.session.id || e.epoch !== s.drift.nudgeEpoch || s.runtime !== 'active';
  if (stale) return unchanged(s, { type: 'log', level: 'info', message: 'stale nudge discarded' });
  if (e.type === 'nudgeFailed') {
    // Message left as it was; lastNudgedAt stays set, so there is no immediate retry.
    return unchanged(s, { type: 'log', level: 'warn', message: `nudge failed: ${e.error}` });
  }
  // Steady on-track answers earn longer quiet; advice brings the check-ins back to the base interval.
  const nudgeBackoff = e.message ? 1 : Math.min(NUDGE_MAX_BACKOFF, s.drift.nudgeBackoff * 2);
  return unchanged({ ...s, drift: { ...s.drift, nudgeMessage: e.message, nudgeBackoff } });
}

function markOnTask(s: ControllerState): Step {
  const current = s.drift.current;
  const session = s.session;
  if (!session || !current || s.runtime === 'idle') return unchanged(s);
  const entry = appKey(current.app);
  if (!entry) return unchanged(s);
  const d = s.drift;
  const verdicts = { ...d.verdicts };
  const pendingJudges = { ...d.pendingJudges };
  const judgeFailures = { ...d.judgeFailures };
  delete verdicts[entry];
  delete pendingJudges[entry];
  delete judgeFailures[entry];
  const updated: SessionRecord = {
    ...session,
    allowed: normalizeList([...session.allowed, entry]),
    // The person outranks their own block list: an explicit "on task" lifts a block on this app.
    blocked: session.blocked.filter((b) => !entryMatches(b, current.app, current.source)),
  };
  const drift: VolatileState = { ...d, status: 'ontask', reason: '', verdicts, pendingJudges, judgeFailures, judgeDue: null, lastOnTask: current };
  return unchanged({ ...withSession(s, updated), drift }, { type: 'rememberAllowed', entry });
}

function backToTask(s: ControllerState): Step {
  const d = s.drift;
  if (d.status !== 'drifting') return unchanged(s);
  const effects: ControllerEffect[] = d.lastOnTask ? [{ type: 'focusPlace', observation: d.lastOnTask }] : [];
  return unchanged({ ...s, drift: { ...d, dismissedEpisode: d.episode } }, ...effects);
}

function reduce(s: ControllerState, e: ControllerEvent): Step {
  switch (e.type) {
    case 'sessionStarted':
      return startSession(s.runtime === 'idle' ? s : endSession(s).state, e.at, e.input);
    case 'sessionPaused':
      return pause(s, e.at);
    case 'sessionResumed':
      return resume(s, e.at);
    case 'sessionEnded':
      return endSession(s);
    case 'stateRestored':
      return restore(s, e);
    case 'observed': {
      const before = s.drift;
      const observed = { ...s, drift: { ...s.drift, current: e.observation } };
      if (s.runtime === 'paused' || s.runtime === 'idle') return unchanged(observed);
      return evaluateCurrent(observed, e.observation.at, true, before);
    }
    case 'ticked':
      return tick(s, e.at);
    case 'configChanged': {
      const config = ControllerConfig.parse({ ...s.config, ...e.config });
      const next = { ...s, config };
      const becameAvailable = config.aiAvailable && !s.config.aiAvailable;
      return becameAvailable ? evaluateCurrent(next, e.at, false) : unchanged(next);
    }
    case 'judgeSucceeded':
    case 'judgeFailed':
      return judgeAnswered(s, e);
    case 'nudgeSucceeded':
    case 'nudgeFailed':
      return nudgeAnswered(s, e);
    case 'backToTaskChosen':
      return backToTask(s);
    case 'onTaskChosen':
      return markOnTask(s);
    case 'bannerDismissed':
      return e.episode === s.drift.episode && s.drift.status === 'drifting'
        ? unchanged({ ...s, drift: { ...s.drift, dismissedEpisode: e.episode } })
        : unchanged(s);
  }
}

function eventTime(e: ControllerEvent): number {
  return e.type === 'observed' ? e.observation.at : e.at;
}

/**
 * The controller: applies one event and returns the new state and the effects the shell must run.
 * Persistence and the wake-up alarm are derived here from what changed, so no handler can forget them.
 */
export function transition(state: ControllerState, event: ControllerEvent): Step {
  const step = reduce(state, event);
  const next = step.state;
  const effects = [...step.effects];
  if (next.session !== state.session || next.lastSessionId !== state.lastSessionId) {
    effects.push({ type: 'saveSession', session: next.session, lastSessionId: next.lastSessionId });
  }
  if (next.drift !== state.drift) effects.push({ type: 'saveVolatile', volatile: next.drift });
  const at = eventTime(event);
  const before = nextDeadline(state, at);
  const after = nextDeadline(next, at);
  if (before !== after || event.type === 'ticked' || event.type === 'stateRestored') effects.push({ type: 'armAlarm', at: after });
  return { state: next, effects };
}

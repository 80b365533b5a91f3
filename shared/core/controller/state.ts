// The controller's state: an explicit session phase, the drift state, and the inputs it obeys (settings, host).
import { chooseTarget, type AITarget, type PortStatuses } from '../ai-targets';
import { NO_HOST, type HostConnection } from '../host-connection';
import { HOST_TIMEOUT_GRACE_MS } from '../../protocol/protocol-limits';
import { REEVALUATE_MAX_MS, REEVALUATE_MIN_MS } from '../core-limits';
import { defaultSessionSettings, type SessionSettings } from '../session-settings';
import type { DriftState, ObservationRecord, SessionRecord } from './controller-records';

/** The timings the controller obeys, read from the settings where they are needed (nothing derived is stored). */
export interface Timings {
  readonly nudgeDebounceMs: number;
  readonly judgeDebounceMs: number;
  /** The timeout a backend run gets; the controller gives up on an answer a grace period later. */
  readonly aiTimeoutMs: number;
  readonly reevaluateEveryMs: number;
}

export function timingsOf(settings: SessionSettings): Timings {
  const nudgeDebounceMs = Math.round(settings.nudgeIntervalMinutes * 60_000);
  return {
    nudgeDebounceMs,
    judgeDebounceMs: Math.round(settings.judgeDebounceSeconds * 1000),
    aiTimeoutMs: settings.aiTimeoutSeconds * 1000,
    // Re-evaluate at least as often as a nudge may fire, so short intervals are honoured.
    reevaluateEveryMs: Math.max(REEVALUATE_MIN_MS, Math.min(REEVALUATE_MAX_MS, nudgeDebounceMs)),
  };
}

/** The backend and model an AI call launched now runs on, or null when none can (no host, none available). */
export function aiTargetOf(s: Pick<StateCommon, 'settings' | 'host' | 'ports'>): AITarget | null {
  // The words of a failed choice are the surfaces' (hostStatus carries them); a launch only needs the target.
  const choice = chooseTarget(s.settings, s);
  return choice.ok ? choice.target : null;
}

/** When the controller stops waiting for a judge launched at `at`. */
export function judgeExpiry(timings: Timings, at: number): number {
  return at + timings.aiTimeoutMs + HOST_TIMEOUT_GRACE_MS;
}

interface StateCommon {
  /** Increments per started session: answers carry the session id, so old sessions' answers are dropped. */
  readonly lastSessionId: number;
  readonly drift: DriftState;
  readonly settings: SessionSettings;
  readonly host: HostConnection;
  /** What each AI port that reports its own status last said (the helper's is `host`): the built-in model needs no helper. */
  readonly ports: PortStatuses;
}

export type PausedSession = SessionRecord & { readonly pausedAt: number };

export interface IdleState extends StateCommon {
  readonly phase: 'idle';
}
export interface ActiveState extends StateCommon {
  readonly phase: 'active';
  readonly session: SessionRecord;
}
export interface PausedState extends StateCommon {
  readonly phase: 'paused';
  readonly session: PausedSession;
}
/** A state with a session, running or paused. */
export type SessionState = ActiveState | PausedState;
export type ControllerState = IdleState | SessionState;

/** The state in the phase `session` implies: none → idle, `pausedAt` set → paused, else active. */
export function withSession(s: ControllerState, session: SessionRecord | null): ControllerState {
  const { phase: _phase, session: _session, ...common } = s as ControllerState & { session?: SessionRecord };
  if (!session) return { ...common, phase: 'idle' };
  if (session.pausedAt === undefined) return { ...common, phase: 'active', session };
  return { ...common, phase: 'paused', session: { ...session, pausedAt: session.pausedAt } };
}

/** The session record of a state, or null when idle. */
export function sessionOf(s: ControllerState): SessionRecord | null {
  return s.phase === 'idle' ? null : s.session;
}

/**
 * A clean drift state: every field at the schema's default (a unit test holds the two equal). Written out,
 * not parsed: a woken worker's first transition builds it, and it needs no schema built for that.
 */
export function freshDrift(sessionId = 0, current: ObservationRecord | null = null, onTaskStretch = 0): DriftState {
  return {
    sessionId,
    status: 'unknown',
    reason: '',
    driftEpisode: 0,
    driftSince: null,
    driftNotifiedAt: null,
    answeredDriftEpisode: 0,
    current,
    lastOnTask: null,
    verdicts: {},
    judgeLaunches: 0,
    pendingJudges: {},
    judgeDue: null,
    judgeFailures: {},
    pageJudgments: 0,
    recentTitles: [],
    nudgeMessage: '',
    dismissedNudge: null,
    lastNudgedAt: null,
    nudgeBackoff: 1,
    lastNudgedTitles: [],
    onTaskStretch,
    lastReevaluatedAt: null,
    awaySince: null,
  };
}

export interface ControllerInputs {
  settings?: SessionSettings;
  host?: HostConnection;
}

export function initialState(inputs: ControllerInputs = {}): ControllerState {
  const settings = inputs.settings ?? defaultSessionSettings();
  const host = inputs.host ?? NO_HOST;
  return { phase: 'idle', lastSessionId: 0, drift: freshDrift(), settings, host, ports: {} };
}

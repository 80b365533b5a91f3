// The controller's state records (zod, since they are persisted) and their defaults.
import { z } from 'zod';
import { formatCommitment } from '../ai/commitment';
import { commitmentProblem, type CommitmentField } from '../commitment-check';
import { EntryList } from '../match';

export const RING_SIZE = 10;
/** After the first nudge, another needs at least this many titles the last one did not see. */
export const NUDGE_NEW_TITLES = 2;
/** Each on-track answer doubles the wait before the next nudge, up to this many debounce periods. */
export const NUDGE_MAX_BACKOFF = 4;
/** Verdicts kept per session; the oldest is evicted past this. */
export const VERDICT_CACHE_LIMIT = 500;

const commitmentTextSchema = (field: CommitmentField) =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = commitmentProblem(field, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const Commitment = z.object({
  nextAction: commitmentTextSchema('nextAction'),
  successCondition: commitmentTextSchema('successCondition'),
});
export type Commitment = z.infer<typeof Commitment>;

/** What the person committed to: survives a browser restart (storage.local). */
export const SessionRecord = z.object({
  id: z.number().int().nonnegative(),
  commitment: Commitment,
  allowed: EntryList,
  blocked: EntryList,
  startedAt: z.number(),
  /** Absolute end of the timebox, shifted by pauses; absent without a timebox. */
  endsAt: z.number().optional(),
  pausedAt: z.number().optional(),
  pausedTotalMs: z.number().nonnegative().default(0),
  timeboxNotified: z.boolean().default(false),
});
export type SessionRecord = z.infer<typeof SessionRecord>;

/** Longest observed title and app kept in state (observe.ts cuts to these after redacting). */
export const MAX_OBSERVED_TITLE = 2000;
export const MAX_OBSERVED_APP = 300;

export const ObservationRecord = z.object({
  source: z.enum(['tab', 'os']),
  title: z.string().max(MAX_OBSERVED_TITLE),
  app: z.string().max(MAX_OBSERVED_APP),
  at: z.number(),
  /** Opaque handle the shell can use to bring this place back (tab and window ids). */
  ref: z.object({ tabId: z.number().int(), windowId: z.number().int() }).optional(),
});
export type ObservationRecord = z.infer<typeof ObservationRecord>;

export const DriftStatus = z.enum(['ontask', 'checking', 'drifting', 'unknown']);
export type DriftStatus = z.infer<typeof DriftStatus>;

export const Verdict = z.object({ drifting: z.boolean(), reason: z.string() });
export type Verdict = z.infer<typeof Verdict>;

/** Drift and nudge state: survives a service-worker restart (storage.session), not a browser restart. */
export const VolatileState = z.object({
  /** The session this drift state belongs to (0: none); a mismatch on restore means start clean. */
  sessionId: z.number().int().nonnegative().default(0),
  status: DriftStatus,
  reason: z.string().default(''),
  /** Bumped each time status enters drifting (or drifts on another app): keys notifications and dismissals. */
  episode: z.number().int().nonnegative().default(0),
  /** Episode whose banner the person answered with "Back to task" or Escape. */
  dismissedEpisode: z.number().int().nonnegative().default(0),
  current: ObservationRecord.nullable(),
  lastOnTask: ObservationRecord.nullable().default(null),
  verdicts: z.record(z.string(), Verdict).default({}),
  /** Bumped on every drift-judge launch. */
  driftGen: z.number().int().nonnegative().default(0),
  /** In-flight judges by app key: the launch generation and when to give up on them. */
  pendingJudges: z.record(z.string(), z.object({ gen: z.number().int(), expiresAt: z.number() })).default({}),
  /** Debounce: the app key waiting to be judged and when. */
  judgeDue: z.object({ app: z.string(), at: z.number() }).nullable().default(null),
  /** App keys whose judge failed, and when; not retried before the retry delay. */
  judgeFailures: z.record(z.string(), z.number()).default({}),
  recentTitles: z.array(z.string()).max(RING_SIZE).default([]),
  nudgeMessage: z.string().default(''),
  lastNudgedAt: z.number().nullable().default(null),
  /** Multiplier of the nudge debounce: doubles after each on-track answer, back to 1 after advice. */
  nudgeBackoff: z.number().int().min(1).max(NUDGE_MAX_BACKOFF).default(1),
  /** The ring as it was at the last nudge: an unchanged trajectory is not asked about twice. */
  lastNudgedTitles: z.array(z.string()).max(RING_SIZE).default([]),
  nudgeEpoch: z.number().int().nonnegative().default(0),
  lastReevaluatedAt: z.number().nullable().default(null),
});
export type VolatileState = z.infer<typeof VolatileState>;

/** Timings and switches the controller obeys; the shell sets them from settings and host status. */
export const ControllerConfig = z.object({
  nudgeDebounceMs: z.number().int().min(10_000).default(5 * 60_000),
  judgeDebounceMs: z.number().int().min(0).default(1_500),
  aiTimeoutMs: z.number().int().min(1_000).default(30_000),
  judgeRetryMs: z.number().int().min(0).default(5 * 60_000),
  reevaluateEveryMs: z.number().int().min(10_000).default(60_000),
  /** Whether a backend can run at all (host connected, one available). */
  aiAvailable: z.boolean().default(false),
  nudgeEnabled: z.boolean().default(true),
});
export type ControllerConfig = z.infer<typeof ControllerConfig>;

export type Runtime = 'idle' | 'active' | 'paused';

export interface ControllerState {
  readonly runtime: Runtime;
  readonly session: SessionRecord | null;
  /** Increments per started session: results carry it so old sessions' answers are dropped. */
  readonly lastSessionId: number;
  readonly drift: VolatileState;
  readonly config: ControllerConfig;
}

export function freshVolatile(sessionId = 0, current: ObservationRecord | null = null, nudgeEpoch = 0): VolatileState {
  return VolatileState.parse({ sessionId, status: 'unknown', current, nudgeEpoch });
}

export function initialState(config: Partial<ControllerConfig> = {}): ControllerState {
  return {
    runtime: 'idle',
    session: null,
    lastSessionId: 0,
    drift: freshVolatile(),
    config: ControllerConfig.parse(config),
  };
}

export function runtimeOf(session: SessionRecord | null): Runtime {
  if (!session) return 'idle';
  return session.pausedAt === undefined ? 'active' : 'paused';
}

/** "nextAction — successCondition": the form every AI role sees the commitment in. */
export function commitmentText(c: Commitment): string {
  return formatCommitment(c.nextAction, c.successCondition);
}

// The controller's persisted records, one zod schema each (storage is read back as untrusted input).
import * as z from 'zod';
import { commitmentProblem, involvesProblem, type CommitmentField } from '../commitment';
import { MAX_DISMISSED_TEXT, MAX_OBSERVED_APP, MAX_OBSERVED_TITLE, NUDGE_MAX_BACKOFF, RECENT_TITLES } from '../core-limits';
import { EntryList } from '../match';
import { DRIFT_STATUSES, OBSERVATION_SOURCES } from '../vocabulary';
import type { Verdict as AIVerdict } from '../../ai/judge';
import { Rhythm } from '../rhythm-record';
import { onFirstUse } from '../../util/on-first-use';

const commitmentTextSchema = (field: CommitmentField) =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = commitmentProblem(field, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const Commitment = onFirstUse(() =>
  z.object({
    nextAction: commitmentTextSchema('nextAction'),
    successCondition: commitmentTextSchema('successCondition'),
    /** What the work takes, in the person's words (optional; older records have none). */
    involves: z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        const problem = involvesProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  }),
);
export type Commitment = z.infer<typeof Commitment>;

/** A place in a rhythm: the cycle (0 first) and which half of it. */
export const RhythmMark = onFirstUse(() => z.object({ cycle: z.number().int().nonnegative(), phase: z.enum(['work', 'break']) }));
export type RhythmMark = z.infer<typeof RhythmMark>;

/** Why a strict session waits: to end early, or to pause. */
export const WAIT_PURPOSES = ['end', 'pause'] as const;
export type WaitPurpose = (typeof WAIT_PURPOSES)[number];

/** A strict session's wait while it counts down (the popup shows it; closing the popup abandons it). */
export const StrictWait = onFirstUse(() =>
  z.object({
    purpose: z.enum(WAIT_PURPOSES),
    startedAt: z.number(),
    /** When the wait is over: fixed at its start, so a changed setting does not move a running countdown. */
    readyAt: z.number(),
  }),
);
export type StrictWait = z.infer<typeof StrictWait>;

/** What a strict session counts for History: navigations the block page stopped, and the waits. */
export const StrictCounts = onFirstUse(() =>
  z.object({
    blockedNavigations: z.number().int().nonnegative().default(0),
    waitsStarted: z.number().int().nonnegative().default(0),
    waitsAbandoned: z.number().int().nonnegative().default(0),
    waitsGoneThrough: z.number().int().nonnegative().default(0),
  }),
);
export type StrictCounts = z.infer<typeof StrictCounts>;
export const NO_STRICT_COUNTS: StrictCounts = { blockedNavigations: 0, waitsStarted: 0, waitsAbandoned: 0, waitsGoneThrough: 0 };

/** What the person committed to: survives a browser restart (storage.local). */
export const SessionRecord = onFirstUse(() =>
  z.object({
    id: z.number().int().nonnegative(),
    commitment: Commitment,
    allowed: EntryList,
    blocked: EntryList,
    startedAt: z.number(),
    /** Absolute end of the timebox, shifted by pauses; absent without a timebox. */
    endsAt: z.number().optional(),
    /** Set while the session is paused: its phase is derived from this, never stored beside it. */
    pausedAt: z.number().optional(),
    pausedTotalMs: z.number().nonnegative().default(0),
    timeboxNotified: z.boolean().default(false),
    /** The work/break rhythm the session keeps; absent without one (and in sessions stored before rhythms). */
    rhythm: Rhythm.optional(),
    /**
     * The rhythm phase last announced (a break began, work came back). Edge detection lives here, not in
     * the worker: a restart announces nothing twice, and a tick after a long sleep announces only the latest edge.
     */
    rhythmAnnounced: RhythmMark.optional(),
    /** Opt-in: blocked sites are blocked in the browser, and ending early or pausing waits (sessions stored before strictness are not). */
    strict: z.boolean().default(false),
    /** Anything not on the allowed list is drift at once; no AI is asked. */
    allowlistOnly: z.boolean().default(false),
    /** The wait counting down now, in a strict session. */
    wait: StrictWait.optional(),
    strictCounts: StrictCounts.default(NO_STRICT_COUNTS),
  }),
);
export type SessionRecord = z.infer<typeof SessionRecord>;

export const ObservationRecord = onFirstUse(() =>
  z.object({
    source: z.enum(OBSERVATION_SOURCES),
    title: z.string().max(MAX_OBSERVED_TITLE),
    app: z.string().max(MAX_OBSERVED_APP),
    /** A tab's path as list entries match it (`/r/typescript/comments/1x/slug`, `/watch?v=abc`): worked out here, never sent. */
    path: z.string().max(MAX_OBSERVED_APP).optional(),
    /** On a mixed-use site: the page its verdict belongs to (`youtube.com/watch?v=abc`), and the part it is in when the address says. */
    page: z.string().max(MAX_OBSERVED_APP).optional(),
    part: z.string().max(MAX_OBSERVED_APP).optional(),
    at: z.number(),
    /** Opaque handle the shell can use to bring this place back (tab and window ids). */
    ref: z.object({ tabId: z.number().int(), windowId: z.number().int() }).optional(),
  }),
);
export type ObservationRecord = z.infer<typeof ObservationRecord>;

/** The drift judge's answer about one app, as cached for the session. */
export const Verdict = onFirstUse(
  () =>
    z.object({
      drifting: z.boolean(),
      /** Cleaned, capped, one line; non-empty whenever `drifting` is true. */
      reason: z.string(),
    }) satisfies z.ZodType<AIVerdict>,
);
/** The judge role's own type: the roles define what they answer with, and the core keeps it as it is. */
export type Verdict = AIVerdict;

/** A judge in flight: which launch it was, and when to give up on it. */
export const PendingJudge = onFirstUse(() => z.object({ launch: z.number().int(), expiresAt: z.number() }));
export type PendingJudge = z.infer<typeof PendingJudge>;

const count = onFirstUse(() => z.number().int().nonnegative().default(0));

/**
 * Drift and nudge state: survives a service-worker restart (storage.session), not a browser
 * restart. The counters number things so that late answers and old dismissals can be told apart.
 */
export const DriftState = onFirstUse(() =>
  z.object({
    /** The session this drift state belongs to (0: none); a mismatch on restore means start clean. */
    sessionId: count,
    status: z.enum(DRIFT_STATUSES),
    reason: z.string().default(''),
    /** Number of the latest drift episode: bumped when status enters drifting (or drifts on another app). */
    driftEpisode: count,
    /** When the latest drift episode began (a strict session's "This is on task" waits from here); null before any. */
    driftSince: z.number().nullable().default(null),
    /** When a desktop app's drift was last notified (a strict session repeats it while the app keeps focus). */
    driftNotifiedAt: z.number().nullable().default(null),
    /** The drift episode whose banner the person answered (Back to task, Escape). */
    answeredDriftEpisode: count,
    current: ObservationRecord.nullable(),
    lastOnTask: ObservationRecord.nullable().default(null),
    /** Verdicts by key: a page of a mixed-use site (`youtube.com/watch?v=abc`), else the app; bounded, oldest dropped. */
    verdicts: z.record(z.string(), Verdict).default({}),
    /** How many judges this session launched; each launch carries its number, so only the latest answer applies. */
    judgeLaunches: count,
    /** Of those, how many judged one page of a mixed-use site: past MAX_PAGE_JUDGMENTS a site's last verdict stands. */
    pageJudgments: count,
    /** In-flight judges by verdict key (a page of a mixed-use site, else the app). */
    pendingJudges: z.record(z.string(), PendingJudge).default({}),
    /** Debounce: the app key waiting to be judged and when. */
    judgeDue: z.object({ app: z.string(), at: z.number() }).nullable().default(null),
    /** App keys whose judge failed, and when; not retried before the retry delay. */
    judgeFailures: z.record(z.string(), z.number()).default({}),
    /** The last distinct titles, oldest first. */
    recentTitles: z.array(z.string()).max(RECENT_TITLES).default([]),
    /** The heads-up advice, or "" when there is none. */
    nudgeMessage: z.string().default(''),
    /** The advice text the person dismissed; forgotten once the advice moves on. */
    dismissedNudge: z.string().max(MAX_DISMISSED_TEXT).nullable().default(null),
    lastNudgedAt: z.number().nullable().default(null),
    /** Multiplier of the nudge interval: doubles after each on-track answer, back to 1 after advice. */
    nudgeBackoff: z.number().int().min(1).max(NUDGE_MAX_BACKOFF).default(1),
    /** The ring as it was at the last nudge: an unchanged trajectory is not asked about twice. */
    lastNudgedTitles: z.array(z.string()).max(RECENT_TITLES).default([]),
    /** Number of the current on-task stretch: a nudge answer applies only within the stretch that asked. */
    onTaskStretch: count,
    lastReevaluatedAt: z.number().nullable().default(null),
    /** Since when the person is away (idle or screen locked); null while present. Nothing is judged or nudged meanwhile. */
    awaySince: z.number().nullable().default(null),
  }),
);
export type DriftState = z.infer<typeof DriftState>;

/** The drift state as storage.session holds it. */
export const DRIFT_STATE_VERSION = 2;
export const StoredDriftState = onFirstUse(() => z.object({ version: z.literal(DRIFT_STATE_VERSION), drift: DriftState }));

/** Version 1 named the counters after their mechanism; it kept the dismissed nudge under a key of its own. */
const StoredDriftStateV1 = onFirstUse(() =>
  z.object({
    version: z.literal(1),
    drift: z
      .object({
        episode: z.unknown(),
        dismissedEpisode: z.unknown(),
        driftGen: z.unknown(),
        nudgeEpoch: z.unknown(),
        pendingJudges: z.record(z.string(), z.object({ gen: z.unknown(), expiresAt: z.unknown() })).optional(),
      })
      .partial()
      .passthrough(),
  }),
);

export type DriftStateRead = { ok: true; drift: DriftState; migratedFrom?: number } | { ok: false; error: string };

/** Reads stored drift state of any known version; `dismissedNudge` is version 1's separate key. */
export function readDriftState(raw: unknown, dismissedNudge: unknown = null): DriftStateRead {
  const current = StoredDriftState.safeParse(raw);
  if (current.success) return { ok: true, drift: current.data.drift };
  const v1 = StoredDriftStateV1.safeParse(raw);
  if (!v1.success) return { ok: false, error: current.error.issues[0]?.message ?? 'invalid' };
  const { episode, dismissedEpisode, driftGen, nudgeEpoch, pendingJudges, ...rest } = v1.data.drift;
  const migrated = DriftState.safeParse({
    ...rest,
    driftEpisode: episode,
    answeredDriftEpisode: dismissedEpisode,
    judgeLaunches: driftGen,
    onTaskStretch: nudgeEpoch,
    pendingJudges: Object.fromEntries(
      Object.entries(pendingJudges ?? {}).map(([app, p]) => [app, { launch: p.gen, expiresAt: p.expiresAt }]),
    ),
    // An unreadable dismissal only loses the dismissal, as it did when it had its own key.
    dismissedNudge: typeof dismissedNudge === 'string' && dismissedNudge.length <= MAX_DISMISSED_TEXT ? dismissedNudge : null,
  });
  return migrated.success
    ? { ok: true, drift: migrated.data, migratedFrom: 1 }
    : { ok: false, error: migrated.error.issues[0]?.message ?? 'invalid' };
}

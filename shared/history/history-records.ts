// The history's records, one zod schema each: what IndexedDB and an imported file hold (read back as untrusted input).
import * as z from 'zod';
import {
  MAX_COMMITMENT_CHARS,
  MAX_ENTRY_CHARS,
  MAX_INVOLVES_CHARS,
  MAX_LIST_ENTRIES,
  MAX_OBSERVED_APP,
  MAX_OBSERVED_TITLE,
} from '../core/core-limits';
import { OBSERVATION_SOURCES } from '../core/vocabulary';
import { HISTORY_MAX_NOTE, HISTORY_MAX_TEXT } from './history-limits';
import { onFirstUse } from '../util/on-first-use';

/** What a stretch of a session was. `unsure`: no verdict (checking, or no AI available); `break`: a break of the session's rhythm. */
export const SEGMENT_KINDS = ['ontask', 'drifting', 'unsure', 'away', 'paused', 'break'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** Why a drift was one: the session's blocked list, or the drift judge. */
export const DRIFT_CAUSES = ['blocked', 'judged'] as const;
export type DriftCause = (typeof DRIFT_CAUSES)[number];

/** How a drift episode was answered; `ignored` is derived (no answer before the episode ended). */
export const DRIFT_CHOICES = ['backToTask', 'onTask', 'endSession', 'dismissed', 'savedForLater'] as const;
export type DriftChoice = (typeof DRIFT_CHOICES)[number];

/**
 * How a session ended: the person ended it (after its timebox or not), a new session replaced it,
 * or it was lost (the browser closed and the session was not there when it came back).
 */
export const END_REASONS = ['ended', 'timeboxElapsed', 'replaced', 'lost'] as const;
export type EndReason = (typeof END_REASONS)[number];

export const REVIEW_ANSWERS = ['yes', 'partly', 'no'] as const;
export type ReviewAnswer = (typeof REVIEW_ANSWERS)[number];

const time = onFirstUse(() => z.number().int().nonnegative());
const text = (max: number) => z.string().max(max);
const key = onFirstUse(() => z.string().min(1).max(100));

/** The person's answer to "Did you meet …?", kept apart from the session record (the recorder rewrites that one). */
export const SessionReview = onFirstUse(() =>
  z.object({ key, answer: z.enum(REVIEW_ANSWERS), note: text(HISTORY_MAX_NOTE).default(''), at: time }),
);
export type SessionReview = z.infer<typeof SessionReview>;

const tally = onFirstUse(() => z.number().int().nonnegative().default(0));

/** What a strict session counted: navigations the block page stopped, and its waits to end early or pause. */
export const StrictTally = onFirstUse(() =>
  z.object({
    blockedNavigations: tally,
    waitsStarted: tally,
    waitsAbandoned: tally,
    waitsGoneThrough: tally,
  }),
);
export type StrictTally = z.infer<typeof StrictTally>;

/** One focus session as history keeps it; `endedAt` null while it runs (or until the browser comes back). */
export const HistorySession = onFirstUse(() =>
  z.object({
    /** Unique across reinstalls and imports: start time and the controller's session id. */
    key,
    nextAction: text(MAX_COMMITMENT_CHARS),
    successCondition: text(MAX_COMMITMENT_CHARS),
    /** What the work involves, in the person's words; '' when not said (and in sessions recorded before it was asked). */
    involves: text(MAX_INVOLVES_CHARS).default(''),
    allowed: z.array(text(MAX_ENTRY_CHARS)).max(MAX_LIST_ENTRIES),
    blocked: z.array(text(MAX_ENTRY_CHARS)).max(MAX_LIST_ENTRIES),
    startedAt: time,
    timeboxMinutes: z.number().positive().nullable(),
    endedAt: time.nullable(),
    endReason: z.enum(END_REASONS).nullable(),
    /** The last moment the record was known to be current: where a session the browser lost stops. */
    lastSeenAt: time,
    /** A strict session (sessions recorded before strictness were not). */
    strict: z.boolean().default(false),
    /** Null for a session that was not strict. */
    strictTally: StrictTally.nullable().default(null),
  }),
);
export type HistorySession = z.infer<typeof HistorySession>;

/** A stretch of one kind at one place; the open one has its `end` moved forward as time passes. */
export const HistorySegment = onFirstUse(() =>
  z.object({
    key,
    session: key,
    kind: z.enum(SEGMENT_KINDS),
    start: time,
    end: time,
    source: z.enum(OBSERVATION_SOURCES).nullable(),
    /** The site (tab) or app class (OS window); '' for away and paused. */
    place: text(MAX_OBSERVED_APP),
    /** '' when the person keeps no titles. */
    title: text(MAX_OBSERVED_TITLE),
    cause: z.enum(DRIFT_CAUSES).nullable(),
    reason: text(HISTORY_MAX_TEXT),
  }),
);
export type HistorySegment = z.infer<typeof HistorySegment>;

const markBase = { key, session: key, at: time };

/** Something that happened at a moment: a drift episode began or was answered, a heads-up, an AI call. */
export const HistoryMark = onFirstUse(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...markBase,
      type: z.literal('drift'),
      episode: z.number().int().nonnegative(),
      place: text(MAX_OBSERVED_APP),
      cause: z.enum(DRIFT_CAUSES),
      reason: text(HISTORY_MAX_TEXT),
    }),
    z.object({ ...markBase, type: z.literal('answer'), episode: z.number().int().nonnegative(), choice: z.enum(DRIFT_CHOICES) }),
    z.object({ ...markBase, type: z.literal('nudge'), message: text(HISTORY_MAX_TEXT) }),
    z.object({ ...markBase, type: z.literal('nudgeDismissed'), message: text(HISTORY_MAX_TEXT) }),
    z.object({
      ...markBase,
      type: z.literal('call'),
      role: z.enum(['judge', 'nudge']),
      backend: text(100),
      ok: z.boolean(),
    }),
  ]),
);
export type HistoryMark = z.infer<typeof HistoryMark>;
export type HistoryMarkType = HistoryMark['type'];

/** An ended session waiting for "Did you meet …?" (kept in storage.local: the popup may open after a restart). */
export const PendingReview = onFirstUse(() =>
  z.object({
    key,
    nextAction: text(MAX_COMMITMENT_CHARS),
    successCondition: text(MAX_COMMITMENT_CHARS),
    endedAt: time,
  }),
);
export type PendingReview = z.infer<typeof PendingReview>;

/** The running session so far, for the popup. */
export const SessionProgress = onFirstUse(() =>
  z.object({
    focusedMs: z.number(),
    driftMs: z.number(),
    lastDrift: z.object({ place: z.string(), at: z.number() }).nullable(),
  }),
);
export type SessionProgress = z.infer<typeof SessionProgress>;

export const BLOCK_OUTCOMES = ['started', 'missed', 'skipped'] as const;
export type BlockOutcome = (typeof BLOCK_OUTCOMES)[number];

/** What became of one scheduled block on one day (its key is the planner's: "<blockId>@<local date>"). */
export const HistoryBlock = onFirstUse(() =>
  z.object({
    key,
    blockId: z.string().min(1).max(64),
    /** "09:00 Deep work", as the person was told. */
    label: text(200),
    start: time,
    end: time,
    outcome: z.enum(BLOCK_OUTCOMES),
  }),
);
export type HistoryBlock = z.infer<typeof HistoryBlock>;

/** One put the recorder asks for; every write is an idempotent put by key, so a replay changes nothing. */
export type HistoryWrite =
  { store: 'sessions'; record: HistorySession } | { store: 'segments'; record: HistorySegment } | { store: 'marks'; record: HistoryMark };

/** An exported history file: what Export writes and Import accepts. */
export const HISTORY_EXPORT_VERSION = 1;
export const HistoryExport = onFirstUse(() =>
  z.object({
    format: z.literal('antidrift-history'),
    version: z.literal(HISTORY_EXPORT_VERSION),
    exportedAt: time,
    sessions: z.array(HistorySession),
    segments: z.array(HistorySegment),
    marks: z.array(HistoryMark),
    reviews: z.array(SessionReview).default([]),
    /** Scheduled blocks' outcomes (files written before the schedule have none). */
    blocks: z.array(HistoryBlock).default([]),
  }),
);
export type HistoryExport = z.infer<typeof HistoryExport>;

/** Today at a glance, for the popup's start view and the end-of-day summary. */
export const TodaySummary = onFirstUse(() =>
  z.object({
    focusedMs: z.number().nonnegative(),
    driftMs: z.number().nonnegative(),
    sessions: z.number().int().nonnegative(),
    /** Today's sessions that were reviewed, oldest first, with the answer. */
    reviews: z.array(z.object({ key, nextAction: text(MAX_COMMITMENT_CHARS), answer: z.enum(REVIEW_ANSWERS) })),
    /** The place that took the most drift time today. */
    biggestPull: z.object({ place: z.string(), driftMs: z.number().nonnegative() }).nullable(),
    /** What became of today's scheduled blocks so far. */
    blocks: z.array(z.enum(BLOCK_OUTCOMES)),
  }),
);
export type TodaySummary = z.infer<typeof TodaySummary>;

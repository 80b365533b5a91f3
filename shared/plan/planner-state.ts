// The planner's stored state (storage.local `plan`), one zod record: which occurrences were offered, and what became of them.
import * as z from 'zod';
import { onFirstUse } from '../util/on-first-use';
import { BLOCK_OUTCOMES } from '../history/history-records';

/** The version of the stored planner record (`plan` in storage.local). */
export const PLANNER_STATE_VERSION = 1;

export type BlockOutcome = (typeof BLOCK_OUTCOMES)[number];

const time = onFirstUse(() => z.number().int().nonnegative());

/** One occurrence the planner has seen come due; kept after its outcome so its key never fires again. */
export const PlanOffer = onFirstUse(() =>
  z.object({
    key: z.string().min(1).max(100),
    blockId: z.string().min(1).max(64),
    templateId: z.string().min(1).max(64),
    label: z.string().max(200),
    start: time,
    end: time,
    snoozedUntil: time.nullable(),
    /** What the person was told: nothing yet, that it waits for the running session, or that it is due. */
    notified: z.enum(['none', 'waiting', 'due']),
    /** null while it is still on offer. */
    outcome: z.enum(BLOCK_OUTCOMES).nullable(),
  }),
);
export type PlanOffer = z.infer<typeof PlanOffer>;

export const PlannerState = onFirstUse(() =>
  z.object({
    version: z.literal(PLANNER_STATE_VERSION),
    /** The zone of the last wake: a different one now (travel) recomputes. */
    zone: z.string().min(1).max(100),
    /** Occurrences starting up to here have been handled. */
    checkedUntil: time,
    offers: z.array(PlanOffer).max(500),
    /** The local date whose summary was sent. */
    summarySentFor: z.string().max(10).nullable(),
  }),
);
export type PlannerState = z.infer<typeof PlannerState>;

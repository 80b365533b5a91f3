// The history as a feature: the requests the popup and the History page send it (the running session's totals, the review).
import * as z from 'zod';
import { Done, NoFields, type FeatureDeclaration } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';
import { HISTORY_MAX_NOTE } from './history-limits';
import { HISTORY_SETTINGS } from './history-settings';
import { HistorySegment, PendingReview, REVIEW_ANSWERS, SessionProgress, TodaySummary } from './history-records';

/** The running session so far (its totals and its band), the ended session awaiting its review, and today, for the popup. */
export const HistoryStatus = onFirstUse(() =>
  z.object({
    progress: SessionProgress.nullable(),
    pendingReview: PendingReview.nullable(),
    /** Null when history cannot be read. */
    today: TodaySummary.nullable(),
    band: z.array(HistorySegment),
  }),
);
export type HistoryStatus = z.infer<typeof HistoryStatus>;

export const HISTORY_FEATURE = {
  name: 'history',
  settings: HISTORY_SETTINGS,
  requests: {
    getHistoryStatus: { body: NoFields, fromContent: false, reply: HistoryStatus },
    /** `answer` null: the person skipped the review. */
    reviewSession: {
      body: onFirstUse(() =>
        z.object({
          key: z.string().min(1).max(100),
          answer: z.enum(REVIEW_ANSWERS).nullable(),
          note: z.string().trim().max(HISTORY_MAX_NOTE).default(''),
        }),
      ),
      fromContent: false,
      reply: Done,
    },
  },
} as const satisfies FeatureDeclaration;

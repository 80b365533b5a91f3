// The weekly focus goal as a feature: its settings section (hours a week, synced) and the one request the popup and History send it.
import * as z from 'zod';
import { NoFields, type FeatureDeclaration } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';
import { GOAL_SETTINGS } from './goal-settings';

/** The goal, the week it counts from, and the focused time so far (null when history cannot be read); the zod-free `WeeklyGoalState` reads it. */
export const WeeklyGoal = onFirstUse(() =>
  z.object({
    goalHours: z.number().min(0),
    weekStart: z.number().nullable(),
    focusedMs: z.number().min(0).nullable(),
  }),
);
export type WeeklyGoal = z.infer<typeof WeeklyGoal>;

export const GOAL_FEATURE = {
  name: 'goal',
  settings: GOAL_SETTINGS,
  requests: { getWeeklyGoal: { body: NoFields, fromContent: false, reply: WeeklyGoal } },
} as const satisfies FeatureDeclaration;

// The weekly goal's settings section: the hours of focus a week the person aims for (0: no goal), synced with the other settings.
import * as z from 'zod';
import { rangedNumber } from '../core/session-settings';
import { featureSettings } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';
import { WEEKLY_GOAL_HOURS } from './goal-words';

export const GoalSettings = onFirstUse(() =>
  z.object({
    /** Hours of focused time a week (Monday to Sunday, local time); 0 shows no goal anywhere. */
    weeklyFocusGoalHours: rangedNumber(WEEKLY_GOAL_HOURS, 'hours'),
  }),
);
export type GoalSettings = z.infer<typeof GoalSettings>;

export const GOAL_SETTINGS = featureSettings({ schema: GoalSettings, scopes: { weeklyFocusGoalHours: 'sync' } });

// The weekly focus goal, declared: its answer to the popup and the History page, and its line in the end-of-day summary.
import type { WeeklyGoal } from '../../shared/goal/goal-feature';
import { GOAL_FEATURE } from '../../shared/goal/goal-feature';
import { goalSummaryLine } from '../../shared/goal/goal-words';
import { defineFeature } from '../feature';
import type { HistoryRecorder } from '../history/history-recorder';

export const goalFeature = defineFeature<typeof GOAL_FEATURE, HistoryRecorder>(GOAL_FEATURE, ({ worker }, history) => {
  /** The goal and this week's focus from the history (null, never 0, when it cannot be read). */
  const weeklyGoal = async (): Promise<WeeklyGoal> => {
    const week = await history.thisWeek().catch(() => null);
    return { goalHours: worker.settings.current.weeklyFocusGoalHours, weekStart: week?.from ?? null, focusedMs: week?.focusedMs ?? null };
  };
  return {
    offers: undefined,
    handlers: { getWeeklyGoal: weeklyGoal },
    daySummaryLine: async () => goalSummaryLine(await weeklyGoal()),
  };
});

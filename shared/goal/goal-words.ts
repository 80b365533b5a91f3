// The weekly goal in words and numbers, for the popup, the History page and the end-of-day summary (zod-free: the popup loads it).
import type { SettingRange } from '../core/core-limits';

/** Hours a week, in half hours: 0 is no goal; a week of 100 focused hours is past what anyone keeps. */
export const WEEKLY_GOAL_HOURS = { min: 0, max: 100, step: 0.5, integer: false, fallback: 0 } as const satisfies SettingRange;

/** The weekly goal's state as the worker answers it: the goal, the week it counts, the focus so far (null: history unreadable). */
export interface WeeklyGoalState {
  readonly goalHours: number;
  /** Local Monday 00:00 of this week. */
  readonly weekStart: number | null;
  readonly focusedMs: number | null;
}

/** Added before flooring a figure computed in binary floating point (far below a tenth of an hour or a percent). */
const FLOAT_SLACK = 1e-9;

export interface GoalProgress {
  readonly goalHours: number;
  readonly focusedHours: number;
  /** 0–1, for a bar: past the goal it stays full. */
  readonly fraction: number;
  readonly percent: number;
  readonly met: boolean;
}

/** The progress to show, or null when there is nothing to show: no goal set, or history could not be read (never a made-up 0). */
export function goalProgress(state: WeeklyGoalState): GoalProgress | null {
  if (state.goalHours <= 0 || state.focusedMs === null) return null;
  const focusedHours = state.focusedMs / 3_600_000;
  const ratio = focusedHours / state.goalHours;
  // Floored past a hair of float error: 2.9 of 10 h is 28.999…% in binary, and says 29 %.
  return {
    goalHours: state.goalHours,
    focusedHours,
    fraction: Math.min(1, ratio),
    percent: Math.floor(ratio * 100 + FLOAT_SLACK),
    met: ratio >= 1,
  };
}

/** Hours to one decimal, without a trailing ".0": "6.5", "10". */
export function hoursText(hours: number): string {
  const tenths = Math.floor(hours * 10 + FLOAT_SLACK) / 10;
  return Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1);
}

/** "6.5 of 10 h focused this week". */
function hoursOfGoal(progress: GoalProgress): string {
  return `${hoursText(progress.focusedHours)} of ${hoursText(progress.goalHours)} h focused this week`;
}

/** "6.5 of 10 h focused this week (65 %)", or "Goal met: 11 of 10 h focused this week". */
export function goalText(progress: GoalProgress): string {
  return progress.met ? `Goal met: ${hoursOfGoal(progress)}` : `${hoursOfGoal(progress)} (${progress.percent} %)`;
}

/** The end-of-day summary's line: "Weekly goal: 6.5 of 10 h focused this week (65 %)." — null without a goal or history. */
export function goalSummaryLine(state: WeeklyGoalState): string | null {
  const progress = goalProgress(state);
  if (!progress) return null;
  return `Weekly goal: ${progress.met ? `${hoursOfGoal(progress)}, met` : goalText(progress)}.`;
}

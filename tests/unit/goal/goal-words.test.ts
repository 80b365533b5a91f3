// The weekly goal's words and numbers: progress only with a goal and a readable history, hours to a tenth, the popup's and the summary's lines.
import { describe, expect, it } from 'vitest';
import {
  goalProgress,
  goalSummaryLine,
  goalText,
  hoursText,
  WEEKLY_GOAL_HOURS,
  type WeeklyGoalState,
} from '../../../shared/goal/goal-words';

const HOUR = 3_600_000;
const MONDAY = Date.UTC(2026, 11, 7);
const state = (goalHours: number, focusedHours: number | null): WeeklyGoalState => ({
  goalHours,
  weekStart: MONDAY,
  focusedMs: focusedHours === null ? null : focusedHours * HOUR,
});

describe('goalProgress', () => {
  it('shows nothing without a goal, however much was focused', () => {
    expect(goalProgress(state(0, 5))).toBeNull();
  });

  it('shows nothing when the history could not be read, rather than a made-up 0', () => {
    expect(goalProgress(state(10, null))).toBeNull();
    expect(goalProgress({ goalHours: 10, weekStart: null, focusedMs: null })).toBeNull();
  });

  it('shows a week without focus yet as 0 % of the goal', () => {
    expect(goalProgress(state(10, 0))).toEqual({ goalHours: 10, focusedHours: 0, fraction: 0, percent: 0, met: false });
  });

  it('gives the fraction and the floored percent on the way to the goal', () => {
    expect(goalProgress(state(10, 6.5))).toEqual({ goalHours: 10, focusedHours: 6.5, fraction: 0.65, percent: 65, met: false });
    // 6 h 59 min of 10 h is 69.8 %: not yet 70.
    const progress = goalProgress({ goalHours: 10, weekStart: MONDAY, focusedMs: 6 * HOUR + 59 * 60_000 });
    expect(progress?.percent).toBe(69);
  });

  it('never rounds up to 100 % a minute before the goal is met', () => {
    const progress = goalProgress({ goalHours: 10, weekStart: MONDAY, focusedMs: 10 * HOUR - 60_000 });
    expect(progress).toMatchObject({ percent: 99, met: false });
    expect(progress!.fraction).toBeLessThan(1);
  });

  it('says a goal met at exactly its hours, with a full bar', () => {
    expect(goalProgress(state(10, 10))).toEqual({ goalHours: 10, focusedHours: 10, fraction: 1, percent: 100, met: true });
    expect(goalProgress(state(7.5, 7.5))).toMatchObject({ fraction: 1, percent: 100, met: true });
  });

  it('keeps the bar full past the goal while the percent goes on', () => {
    expect(goalProgress(state(10, 15))).toEqual({ goalHours: 10, focusedHours: 15, fraction: 1, percent: 150, met: true });
  });

  it('gives the percent of whole tenths of an hour exactly, without floating-point error taking one off', () => {
    // 174 min is 2.9 h, and 2.9 / 10 * 100 is 28.999999999999996 in floating point: floored as it is, 29 % would read 28 %.
    for (const [minutes, percent] of [
      [42, 7],
      [174, 29],
      [198, 33],
      [336, 56],
    ] as const) {
      const progress = goalProgress({ goalHours: 10, weekStart: MONDAY, focusedMs: minutes * 60_000 });
      expect(progress?.percent, `${minutes} min of 10 h`).toBe(percent);
    }
    expect(goalSummaryLine({ goalHours: 10, weekStart: MONDAY, focusedMs: 174 * 60_000 })).toBe(
      'Weekly goal: 2.9 of 10 h focused this week (29 %).',
    );
  });
});

describe('hoursText', () => {
  it('writes hours to one decimal, without a trailing ".0"', () => {
    expect(hoursText(6.5)).toBe('6.5');
    expect(hoursText(10)).toBe('10');
    expect(hoursText(0)).toBe('0');
  });

  it('cuts a quarter hour down to the tenth below, never rounding up', () => {
    expect(hoursText(0.25)).toBe('0.2');
    expect(hoursText(9.99)).toBe('9.9');
  });
});

describe('goalText', () => {
  it('says the hours and the percent on the way to the goal', () => {
    expect(goalText(goalProgress(state(10, 6.5))!)).toBe('6.5 of 10 h focused this week (65 %)');
  });

  it('says the goal is met, with the hours, once it is', () => {
    expect(goalText(goalProgress(state(10, 11))!)).toBe('Goal met: 11 of 10 h focused this week');
    expect(goalText(goalProgress(state(10, 10))!)).toBe('Goal met: 10 of 10 h focused this week');
  });
});

describe('goalSummaryLine', () => {
  it('adds no line to the end-of-day summary without a goal or without history', () => {
    expect(goalSummaryLine(state(0, 3))).toBeNull();
    expect(goalSummaryLine(state(10, null))).toBeNull();
  });

  it('says the progress as a sentence on the way to the goal', () => {
    expect(goalSummaryLine(state(10, 6.5))).toBe('Weekly goal: 6.5 of 10 h focused this week (65 %).');
  });

  it('says a met goal as "met" at the end of the sentence', () => {
    expect(goalSummaryLine(state(10, 11))).toBe('Weekly goal: 11 of 10 h focused this week, met.');
  });
});

describe('WEEKLY_GOAL_HOURS', () => {
  it('runs from no goal (the default) to 100 hours in half hours', () => {
    expect(WEEKLY_GOAL_HOURS).toMatchObject({ min: 0, max: 100, step: 0.5, integer: false, fallback: 0 });
  });
});

// Blocks on the person's week as nominal local minutes: overlap is a question of the plan, not of DST (zod-free).

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** Day numbers as Date.getDay() counts them: 0 is Sunday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface WeeklyTimes {
  readonly days: readonly number[];
  /** Minutes after local midnight. */
  readonly startMinute: number;
  readonly lengthMinutes: number;
}

/** The spans of one block in the week, as [start, end) minutes from Sunday 00:00; one crossing the week's end wraps. */
function weekSpans(block: WeeklyTimes): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const day of block.days) {
    const start = day * MINUTES_PER_DAY + block.startMinute;
    const end = start + block.lengthMinutes;
    if (end <= MINUTES_PER_WEEK) spans.push([start, end]);
    else spans.push([start, MINUTES_PER_WEEK], [0, end - MINUTES_PER_WEEK]);
  }
  return spans;
}

/** The first day both blocks hold at once (the day the earlier of the two starts), or undefined when they never overlap. */
export function overlapDay(a: WeeklyTimes, b: WeeklyTimes): number | undefined {
  for (const [as, ae] of weekSpans(a)) {
    for (const [bs, be] of weekSpans(b)) {
      if (as < be && bs < ae) return Math.floor(Math.max(as, bs) / MINUTES_PER_DAY);
    }
  }
  return undefined;
}

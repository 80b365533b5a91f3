// The local week a moment falls in: Monday at local midnight (ISO 8601), found through the calendar port, so a week with a clock change is 167 or 169 hours.
import type { Calendar } from './aggregate';

/** 0 Sunday … 6 Saturday of a 'YYYY-MM-DD' day key (Sakamoto's method: a date has no zone, and no Date is needed). */
export function weekdayOf(dayKey: string): number {
  const [year, month, day] = dayKey.split('-').map(Number) as [number, number, number];
  const offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
  const y = month < 3 ? year - 1 : year;
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + offsets[month - 1]! + day) % 7;
}

/** The start of the local Monday on or before `ms`: each step back is a local day, whatever its length. */
export function startOfWeek(ms: number, calendar: Calendar): number {
  let day = calendar.startOfDay(ms);
  for (let step = 0; step < 6 && weekdayOf(calendar.dayKey(day)) !== 1; step++) day = calendar.startOfDay(day - 1);
  return day;
}

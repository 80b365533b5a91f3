// Days and weeks in the browser's time zone: the Calendar port the aggregation takes, plus what the range picker needs.
import type { Calendar } from '../shared/history/aggregate';

export interface PageCalendar extends Calendar {
  /** 0 for Monday … 6 for Sunday: weeks start on Monday. */
  weekday(ms: number): number;
  /** The start of the local day a 'YYYY-MM-DD' key names; NaN when it names none. */
  startOfKey(key: string): number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local time zone through Date: each day is found by its calendar date, so DST days come out 23 or 25 hours long. */
export const localCalendar: PageCalendar = {
  dayKey(ms) {
    const d = new Date(ms);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  },
  startOfDay(ms) {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  },
  startOfNextDay(ms) {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  },
  weekday(ms) {
    return (new Date(ms).getDay() + 6) % 7;
  },
  startOfKey(key) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
    if (!m) return NaN;
    const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return d.getDate() === Number(m[3]) ? d.getTime() : NaN;
  },
};

export type RangeChoice = { kind: 'today' } | { kind: 'week' } | { kind: 'custom'; from: string; to: string };

export interface ShownRange {
  from: number;
  to: number;
  /** In words, for headings and confirmations. */
  label: string;
}

/** The range a choice covers at `now`; a chosen range includes both its days (an inverted one is swapped). */
export function rangeOf(choice: RangeChoice, now: number, cal: PageCalendar): ShownRange {
  const today = cal.startOfDay(now);
  if (choice.kind === 'today') return { from: today, to: cal.startOfNextDay(now), label: 'today' };
  if (choice.kind === 'week') {
    let monday = today;
    // Step back day by day (not 24 h at a time): a clock change inside the week stays a whole day.
    for (let n = cal.weekday(today); n > 0; n--) monday = cal.startOfDay(monday - 1);
    return { from: monday, to: cal.startOfNextDay(now), label: 'this week' };
  }
  let a = cal.startOfKey(choice.from);
  let b = cal.startOfKey(choice.to);
  if (Number.isNaN(a) || Number.isNaN(b)) return { from: today, to: cal.startOfNextDay(now), label: 'today' };
  if (a > b) [a, b] = [b, a];
  return { from: a, to: cal.startOfNextDay(b), label: `${cal.dayKey(a)} to ${cal.dayKey(b)}` };
}

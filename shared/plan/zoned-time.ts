// Local wall-clock time in an explicit IANA time zone, both ways (zod-free, pure: the zone is an argument, Intl does the rules).

/** A calendar date as people write it; month 1..12. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface LocalParts extends LocalDate {
  /** 0..23 */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 is Sunday, as Date.getDay() counts. */
  readonly weekday: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Building a DateTimeFormat is slow (tens of µs); the planner asks the same zone hundreds of times a wake. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= 20) formatters.clear();
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows this zone (a stored or reported name may be stale or made up). */
export function isKnownZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The weekday of a calendar date (0 is Sunday), independent of any zone. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** The local date and time at an instant in a zone. Throws RangeError for an unknown zone (check with isKnownZone). */
export function localParts(at: number, zone: string): LocalParts {
  const out: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  const date = { year: out.year!, month: out.month!, day: out.day! };
  return { ...date, hour: out.hour! % 24, minute: out.minute!, second: out.second!, weekday: weekdayOf(date) };
}

/** Minutes the zone's clock is ahead of UTC at an instant (to the minute: every zone in use today is). */
function offsetMinutes(at: number, zone: string): number {
  const p = localParts(at, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(at / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/** The date `days` after (or before) a date. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "2026-03-29" */
export function dateKey(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export function localDateOf(at: number, zone: string): LocalDate {
  const { year, month, day } = localParts(at, zone);
  return { year, month, day };
}

/**
 * The instant a local date's clock shows `minuteOfDay` (may be ≥ 1440: the next day's). A time the
 * clock skips (spring forward) is the first moment after the gap; a time it shows twice (fall back)
 * is its first occurrence, so a block there fires once.
 */
export function instantOf(date: LocalDate, minuteOfDay: number, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MINUTE_MS;
  // The offsets in force around that wall time: a day either side covers any transition near it.
  const offsets = [...new Set([offsetMinutes(wall - DAY_MS, zone), offsetMinutes(wall, zone), offsetMinutes(wall + DAY_MS, zone)])];
  const fits = offsets.map((o) => wall - o * MINUTE_MS).filter((at) => at + offsetMinutes(at, zone) * MINUTE_MS === wall);
  if (fits.length > 0) return Math.min(...fits);
  // In a gap: the transition lies between the instant read with the later offset and with the earlier one.
  const candidates = offsets.map((o) => wall - o * MINUTE_MS);
  let before = Math.min(...candidates);
  let after = Math.max(...candidates);
  const offsetBefore = offsetMinutes(before, zone);
  while (after - before > MINUTE_MS) {
    const mid = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMinutes(mid, zone) === offsetBefore) before = mid;
    else after = mid;
  }
  return after;
}

/** The instant a local date begins (its first moment, even where midnight itself is skipped). */
export function startOfDay(date: LocalDate, zone: string): number {
  return instantOf(date, 0, zone);
}

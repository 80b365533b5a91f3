// The local week a moment falls in: weekdays of day keys, and Monday 00:00 found through the Calendar port, also across a clock change.
import { describe, expect, it } from 'vitest';
import { startOfWeek, weekdayOf } from '../../../shared/history/week-start';
import { DAY, HOUR, MIN, MONDAY, fixedCalendar, zoneCalendar } from '../../support/history-records';

const UTC = fixedCalendar(0);

describe('weekdayOf', () => {
  it('names the weekday of known dates, 0 for Sunday to 6 for Saturday', () => {
    expect(weekdayOf('2026-12-07')).toBe(1); // a Monday
    expect(weekdayOf('2024-02-29')).toBe(4); // a leap day, a Thursday
    expect(weekdayOf('2000-01-01')).toBe(6); // a Saturday
    expect(weekdayOf('2026-12-06')).toBe(0); // a Sunday
    expect(weekdayOf('2024-03-04')).toBe(1); // the fixtures' Monday
  });

  it('agrees with the calendar on every day from 1999 to 2031', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(1999, 0, 1); ms < Date.UTC(2032, 0, 1); ms += DAY) {
      const key = new Date(ms).toISOString().slice(0, 10);
      if (weekdayOf(key) !== new Date(ms).getUTCDay()) wrong.push(key);
    }
    expect(wrong).toEqual([]);
  });
});

describe('startOfWeek', () => {
  it('takes a Wednesday back to its Monday at local midnight', () => {
    expect(startOfWeek(MONDAY + 2 * DAY + 13 * HOUR, UTC)).toBe(MONDAY);
  });

  it('keeps Monday at 00:00 as it is', () => {
    expect(startOfWeek(MONDAY, UTC)).toBe(MONDAY);
  });

  it('takes Sunday at 23:59 back to the Monday six days before', () => {
    expect(startOfWeek(MONDAY + 7 * DAY - MIN, UTC)).toBe(MONDAY);
    // A minute later the next week has begun.
    expect(startOfWeek(MONDAY + 7 * DAY, UTC)).toBe(MONDAY + 7 * DAY);
  });

  it('finds the local Monday, not the UTC one, at a fixed offset', () => {
    const minus5 = fixedCalendar(-5 * HOUR);
    // Monday 03:00 UTC is still Sunday 22:00 at UTC-5: its week began the Monday before, at 05:00 UTC.
    expect(startOfWeek(MONDAY + 3 * HOUR, minus5)).toBe(MONDAY - 7 * DAY + 5 * HOUR);
    expect(startOfWeek(MONDAY + 2 * DAY, minus5)).toBe(MONDAY + 5 * HOUR);
    const plus9 = fixedCalendar(9 * HOUR);
    // Sunday 20:00 UTC is already Monday 05:00 at UTC+9: the week began at Sunday 15:00 UTC.
    expect(startOfWeek(MONDAY - 4 * HOUR, plus9)).toBe(MONDAY - 9 * HOUR);
  });

  it('counts a week whose clocks spring forward (Berlin, 2026-03-29) as 167 hours from Monday 00:00', () => {
    // +1 h until Sunday 2026-03-29 01:00 UTC (02:00 local), +2 h after.
    const change = Date.UTC(2026, 2, 29, 1);
    const berlin = zoneCalendar((utc) => (utc < change ? HOUR : 2 * HOUR));
    const monday = Date.UTC(2026, 2, 22, 23); // Monday 2026-03-23 00:00 at +1 h
    const nextMonday = Date.UTC(2026, 2, 29, 22); // Monday 2026-03-30 00:00 at +2 h
    // Sunday 12:00 local, after the change, is in the week that began before it.
    expect(startOfWeek(Date.UTC(2026, 2, 29, 10), berlin)).toBe(monday);
    expect(startOfWeek(Date.UTC(2026, 2, 29, 21, 59), berlin)).toBe(monday);
    expect(startOfWeek(nextMonday + 10 * HOUR, berlin)).toBe(nextMonday);
    expect(berlin.dayKey(monday)).toBe('2026-03-23');
    expect((nextMonday - monday) / HOUR).toBe(167);
  });

  it('counts a week whose clocks spring forward (New York, 2026-03-08) as 167 hours from Monday 00:00', () => {
    // -5 h until Sunday 2026-03-08 07:00 UTC (02:00 local), -4 h after.
    const change = Date.UTC(2026, 2, 8, 7);
    const newYork = zoneCalendar((utc) => (utc < change ? -5 * HOUR : -4 * HOUR));
    const monday = Date.UTC(2026, 2, 2, 5); // Monday 2026-03-02 00:00 at -5 h
    const nextMonday = Date.UTC(2026, 2, 9, 4); // Monday 2026-03-09 00:00 at -4 h
    // Sunday 20:00 local is Monday 00:00 UTC: still the week of 2026-03-02.
    expect(startOfWeek(Date.UTC(2026, 2, 9, 0), newYork)).toBe(monday);
    expect(startOfWeek(nextMonday, newYork)).toBe(nextMonday);
    expect(startOfWeek(nextMonday - MIN, newYork)).toBe(monday);
    expect((nextMonday - monday) / HOUR).toBe(167);
  });

  it('counts a week whose clocks fall back (Berlin, 2026-10-25) as 169 hours', () => {
    // +2 h until Sunday 2026-10-25 01:00 UTC (03:00 local), +1 h after.
    const change = Date.UTC(2026, 9, 25, 1);
    const berlin = zoneCalendar((utc) => (utc < change ? 2 * HOUR : HOUR));
    const monday = Date.UTC(2026, 9, 18, 22); // Monday 2026-10-19 00:00 at +2 h
    const nextMonday = Date.UTC(2026, 9, 25, 23); // Monday 2026-10-26 00:00 at +1 h
    expect(startOfWeek(Date.UTC(2026, 9, 25, 22, 59), berlin)).toBe(monday);
    expect(startOfWeek(nextMonday, berlin)).toBe(nextMonday);
    expect((nextMonday - monday) / HOUR).toBe(169);
  });
});

// Local time both ways in fixed zones, across DST: skipped times move past the gap, repeated times are their first occurrence.
import { describe, expect, it } from 'vitest';
import { addDays, dateKey, instantOf, isKnownZone, localParts, weekdayOf } from '../../../shared/plan/zoned-time';

const iso = (at: number) => new Date(at).toISOString();
const local = (at: number, zone: string) => {
  const p = localParts(at, zone);
  return `${dateKey(p)} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

describe('zoned time', () => {
  it('reads local parts and weekdays', () => {
    expect(localParts(Date.UTC(2026, 0, 5, 8, 0), 'Europe/Berlin')).toMatchObject({
      year: 2026,
      month: 1,
      day: 5,
      hour: 9,
      minute: 0,
      weekday: 1,
    });
    expect(localParts(Date.UTC(2026, 0, 5, 3, 0), 'America/New_York')).toMatchObject({ day: 4, hour: 22, weekday: 0 });
    expect(weekdayOf({ year: 2026, month: 3, day: 29 })).toBe(0);
    expect(dateKey(addDays({ year: 2026, month: 12, day: 31 }, 1))).toBe('2027-01-01');
    expect(isKnownZone('Europe/Berlin')).toBe(true);
    expect(isKnownZone('Mars/Olympus')).toBe(false);
  });

  it('keeps 09:00 at 09:00 local on both sides of the DST change', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
      for (const date of [
        { year: 2026, month: 3, day: 28 },
        { year: 2026, month: 3, day: 30 },
        { year: 2026, month: 10, day: 3 },
        { year: 2026, month: 10, day: 5 },
        { year: 2026, month: 11, day: 2 },
      ]) {
        expect(local(instantOf(date, 9 * 60, zone), zone)).toBe(`${dateKey(date)} 09:00`);
      }
    }
    // Berlin is UTC+1 in winter, UTC+2 in summer.
    expect(iso(instantOf({ year: 2026, month: 3, day: 28 }, 540, 'Europe/Berlin'))).toBe('2026-03-28T08:00:00.000Z');
    expect(iso(instantOf({ year: 2026, month: 3, day: 30 }, 540, 'Europe/Berlin'))).toBe('2026-03-30T07:00:00.000Z');
  });

  it('maps a skipped time to the first moment after the gap', () => {
    // Berlin 2026-03-29: 02:00 → 03:00. New York 2026-03-08: 02:00 → 03:00. Lord Howe 2026-10-04: 02:00 → 02:30.
    expect(iso(instantOf({ year: 2026, month: 3, day: 29 }, 150, 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
    expect(local(instantOf({ year: 2026, month: 3, day: 29 }, 150, 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-03-29 03:00');
    expect(local(instantOf({ year: 2026, month: 3, day: 8 }, 150, 'America/New_York'), 'America/New_York')).toBe('2026-03-08 03:00');
    expect(iso(instantOf({ year: 2026, month: 3, day: 8 }, 150, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    expect(local(instantOf({ year: 2026, month: 10, day: 4 }, 135, 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-10-04 02:30');
  });

  it('maps a repeated time to its first occurrence', () => {
    // Berlin 2026-10-25: 03:00 → 02:00, so 02:30 is shown at 00:30Z (CEST) and 01:30Z (CET).
    expect(iso(instantOf({ year: 2026, month: 10, day: 25 }, 150, 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    // New York 2026-11-01: 02:00 → 01:00, 01:30 is shown at 05:30Z (EDT) and 06:30Z (EST).
    expect(iso(instantOf({ year: 2026, month: 11, day: 1 }, 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    // Lord Howe 2026-04-05: 02:00 → 01:30, 01:45 is shown at 14:45Z (+11) and 15:15Z (+10:30) the day before.
    expect(iso(instantOf({ year: 2026, month: 4, day: 5 }, 105, 'Australia/Lord_Howe'))).toBe('2026-04-04T14:45:00.000Z');
  });
});

// Occurrences of scheduled blocks in real instants: DST days, skipped and repeated times, midnight, the next one, today's.
import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween, occurrencesOfDay, type BlockShape } from '../../../shared/plan/schedule';
import { instantOf, localParts } from '../../../shared/plan/zoned-time';

const templates = [{ id: 't1', name: 'Deep work' }];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const block = (start: string, lengthMinutes = 60, days = EVERY_DAY, id = 'b1'): BlockShape => ({
  id,
  days,
  start,
  lengthMinutes,
  templateId: 't1',
});
const H = 3_600_000;
const D = 24 * H;
const iso = (at: number) => new Date(at).toISOString();

describe('schedule occurrences', () => {
  it('keeps a 09:00 block at 09:00 local through the spring-forward week, and its length in real minutes', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
      const from = Date.UTC(2026, 2, 1);
      const found = occurrencesBetween([block('09:00', 90)], templates, zone, from, from + 40 * D);
      expect(found.length).toBeGreaterThanOrEqual(39);
      for (const o of found) {
        expect(localParts(o.start, zone)).toMatchObject({ hour: 9, minute: 0 });
        expect(o.end - o.start).toBe(90 * 60_000);
        expect(o.label).toBe('09:00 Deep work');
      }
      expect(new Set(found.map((o) => o.key)).size).toBe(found.length);
    }
  });

  it('fires a skipped start once, at the first moment after the gap', () => {
    const cases: Array<[string, string, { year: number; month: number; day: number }]> = [
      ['Europe/Berlin', '02:30', { year: 2026, month: 3, day: 29 }],
      ['America/New_York', '02:30', { year: 2026, month: 3, day: 8 }],
      ['Australia/Lord_Howe', '02:15', { year: 2026, month: 10, day: 4 }],
    ];
    for (const [zone, start, date] of cases) {
      const day = instantOf(date, 0, zone);
      const found = occurrencesBetween([block(start, 30)], templates, zone, day, day + D);
      expect(found).toHaveLength(1);
      const parts = localParts(found[0]!.start, zone);
      expect(`${parts.hour}:${parts.minute}`).toBe(zone === 'Australia/Lord_Howe' ? '2:30' : '3:0');
    }
  });

  it('fires a repeated start once, at its first occurrence', () => {
    const zone = 'Europe/Berlin';
    const day = instantOf({ year: 2026, month: 10, day: 25 }, 0, zone);
    const found = occurrencesBetween([block('02:30', 30)], templates, zone, day, day + D);
    expect(found.map((o) => [o.key, iso(o.start)])).toEqual([['b1@2026-10-25', '2026-10-25T00:30:00.000Z']]);
    const ny = instantOf({ year: 2026, month: 11, day: 1 }, 0, 'America/New_York');
    expect(occurrencesBetween([block('01:30', 30)], templates, 'America/New_York', ny, ny + D)).toHaveLength(1);
  });

  it('gives a block crossing midnight to the day it starts', () => {
    const zone = 'America/New_York';
    // 2026-01-05 is a Monday; the block runs Mondays 23:00 for 2 hours.
    const monday = instantOf({ year: 2026, month: 1, day: 5 }, 0, zone);
    const found = occurrencesBetween([block('23:00', 120, [1])], templates, zone, monday, monday + 3 * D);
    expect(found.map((o) => o.key)).toEqual(['b1@2026-01-05']);
    expect(iso(found[0]!.end)).toBe('2026-01-06T06:00:00.000Z');
    // Tuesday's list has no block: it belongs to Monday.
    expect(occurrencesOfDay([block('23:00', 120, [1])], templates, zone, monday + D + H)).toEqual([]);
    expect(occurrencesOfDay([block('23:00', 120, [1])], templates, zone, monday + 23.5 * H).map((o) => o.key)).toEqual(['b1@2026-01-05']);
  });

  it('finds the next occurrence after an instant, and none without blocks', () => {
    const zone = 'Europe/Berlin';
    const friday = instantOf({ year: 2026, month: 1, day: 9 }, 10 * 60, zone);
    // Mondays 09:00 and Wednesdays 14:00.
    const blocks = [block('09:00', 60, [1]), block('14:00', 60, [3], 'b2')];
    expect(nextOccurrence(blocks, templates, zone, friday)?.key).toBe('b1@2026-01-12');
    expect(nextOccurrence(blocks, templates, zone, instantOf({ year: 2026, month: 1, day: 12 }, 9 * 60, zone))?.key).toBe('b2@2026-01-14');
    expect(nextOccurrence([], templates, zone, friday)).toBeNull();
  });

  it('names a block of a deleted template', () => {
    const found = occurrencesOfDay([{ ...block('07:05'), templateId: 'gone' }], templates, 'UTC', Date.UTC(2026, 0, 5, 12));
    expect(found[0]?.label).toBe('07:05 a deleted template');
  });
});

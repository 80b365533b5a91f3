// History aggregation: clipping, local days (midnight splits, a clock change mid-range), running sessions, places, cost, sessions.
import { describe, expect, it } from 'vitest';
import { bandsOf, daysOf, summarize, withRunningEnds, type HistoryInput } from '../../../shared/history/aggregate';
import type { HistoryMark, HistorySegment, HistorySession, SessionReview } from '../../../shared/history/history-records';
import { DAY, HOUR, MIN, MONDAY, fixedCalendar, mark, review, segment, session, zoneCalendar } from '../../support/history-records';

const UTC = fixedCalendar(0);

function input(
  sessions: HistorySession[],
  segments: HistorySegment[],
  marks: HistoryMark[] = [],
  reviews: SessionReview[] = [],
): HistoryInput {
  return { sessions, segments, marks, reviews: new Map(reviews.map((r) => [r.key, r])) };
}

describe('totals', () => {
  it('sums each kind and clips segments to the range', () => {
    const s = session({ startedAt: MONDAY - HOUR, endedAt: MONDAY + 3 * HOUR });
    const segs = [
      segment(s, { start: MONDAY - HOUR, end: MONDAY + HOUR }), // half before the range
      segment(s, { start: MONDAY + HOUR, end: MONDAY + HOUR + 20 * MIN, kind: 'drifting', place: 'youtube.com', cause: 'blocked' }),
      segment(s, { start: MONDAY + HOUR + 20 * MIN, end: MONDAY + HOUR + 30 * MIN, kind: 'away', place: '', source: null }),
      segment(s, { start: MONDAY + HOUR + 30 * MIN, end: MONDAY + 2 * HOUR, kind: 'paused', place: '', source: null }),
      segment(s, { start: MONDAY + 2 * HOUR, end: MONDAY + 2 * HOUR + 5 * MIN, kind: 'unsure' }),
      segment(s, { start: MONDAY + DAY - 10 * MIN, end: MONDAY + DAY + 10 * MIN }), // half after the range
    ];
    const sum = summarize(input([s], segs), MONDAY, MONDAY + DAY, UTC);
    expect(sum.totals).toEqual({
      ontask: HOUR + 10 * MIN,
      drifting: 20 * MIN,
      away: 10 * MIN,
      paused: 30 * MIN,
      unsure: 5 * MIN,
      break: 0,
    });
    expect(sum.sessionMs).toBe(HOUR + 45 * MIN);
    expect(sum.sessions).toBe(1);
    expect(sum.perSession[0]!.ms.ontask).toBe(HOUR + 10 * MIN);
    expect(sum.perSession[0]!.segments[0]).toMatchObject({ start: MONDAY, end: MONDAY + HOUR });
  });

  it('counts reviews: yes is met, partly and no are answered only', () => {
    const [a, b, c, d] = [session(), session(), session(), session()];
    const sum = summarize(
      input([a!, b!, c!, d!], [], [], [review(a!, 'yes'), review(b!, 'partly'), review(c!, 'no')]),
      MONDAY,
      MONDAY + DAY,
      UTC,
    );
    expect({ met: sum.met, answered: sum.answered, sessions: sum.sessions }).toEqual({ met: 1, answered: 3, sessions: 4 });
  });
});

describe('days', () => {
  it('lists every day of the range, empty ones too, and splits a segment at local midnight', () => {
    const s = session();
    const seg = segment(s, { start: MONDAY + DAY - 30 * MIN, end: MONDAY + DAY + 45 * MIN });
    const sum = summarize(input([s], [seg]), MONDAY, MONDAY + 7 * DAY, UTC);
    expect(sum.days.map((d) => d.key)).toEqual([
      '2024-03-04',
      '2024-03-05',
      '2024-03-06',
      '2024-03-07',
      '2024-03-08',
      '2024-03-09',
      '2024-03-10',
    ]);
    expect(sum.days.map((d) => d.ms.ontask / MIN)).toEqual([30, 45, 0, 0, 0, 0, 0]);
  });

  it('uses the local midnight of the calendar, not UTC', () => {
    const minus5 = fixedCalendar(-5 * HOUR);
    const s = session();
    // 04:30–05:30 UTC is 23:30–00:30 at UTC-5.
    const seg = segment(s, { start: MONDAY + DAY + 4.5 * HOUR, end: MONDAY + DAY + 5.5 * HOUR });
    const from = minus5.startOfDay(MONDAY + DAY);
    const sum = summarize(input([s], [seg]), from, minus5.startOfNextDay(from + DAY), minus5);
    expect(sum.days.map((d) => [d.key, d.ms.ontask / MIN])).toEqual([
      ['2024-03-04', 30],
      ['2024-03-05', 30],
    ]);
  });

  it('follows a clock change mid-range: the short day has 23 hours and midnight moves', () => {
    // +1 h until Wednesday 01:00 UTC, +2 h after: Wednesday is 23 hours long.
    const change = MONDAY + 2 * DAY + HOUR;
    const zone = zoneCalendar((utc) => (utc < change ? HOUR : 2 * HOUR));
    const from = zone.startOfDay(MONDAY + 12 * HOUR);
    const to = zone.startOfNextDay(MONDAY + 6 * DAY + 12 * HOUR);
    const days = daysOf(from, to, zone);
    expect(days).toHaveLength(7);
    expect(days.map((d) => (d.end - d.start) / HOUR)).toEqual([24, 24, 23, 24, 24, 24, 24]);
    // Wednesday 22:00 to Thursday 01:00 local (+2 h): 2 h on Wednesday, 1 h on Thursday.
    const s = session();
    const seg = segment(s, { start: MONDAY + 3 * DAY - 4 * HOUR, end: MONDAY + 3 * DAY - HOUR, kind: 'drifting', place: 'x.com' });
    const sum = summarize(input([s], [seg]), from, to, zone);
    expect(sum.days.slice(2, 4).map((d) => [d.key, d.ms.drifting / HOUR])).toEqual([
      ['2024-03-06', 2],
      ['2024-03-07', 1],
    ]);
    // Before the change the same wall-clock split would have been 3 h / 0 h.
    expect(summarize(input([s], [seg]), from, to, fixedCalendar(HOUR)).days[2]!.ms.drifting / HOUR).toBe(3);
  });

  it('refuses a calendar that does not move forward', () => {
    const stuck = { dayKey: () => 'x', startOfDay: (ms: number) => ms, startOfNextDay: (ms: number) => ms };
    expect(() => daysOf(MONDAY, MONDAY + DAY, stuck)).toThrow(/forward/);
  });
});

describe('running sessions', () => {
  it('ends the open segment of a fresh running session at now, not a lost one', () => {
    const now = MONDAY + 2 * HOUR;
    const running = session({ startedAt: MONDAY + HOUR, endedAt: null, endReason: null, lastSeenAt: now - 10_000 });
    const lost = session({ startedAt: MONDAY, endedAt: null, endReason: null, lastSeenAt: MONDAY + 30 * MIN });
    const segs = [
      segment(running, { start: MONDAY + HOUR, end: MONDAY + HOUR + 30 * MIN }),
      segment(running, { start: MONDAY + HOUR + 30 * MIN, end: now - 10_000, kind: 'drifting', place: 'x.com' }),
      segment(lost, { start: MONDAY, end: MONDAY + 30 * MIN }),
    ];
    const extended = withRunningEnds(input([running, lost], segs), now, 60_000);
    expect(extended.segments.map((s) => s.end)).toEqual([MONDAY + HOUR + 30 * MIN, now, MONDAY + 30 * MIN]);
    const sum = summarize(extended, MONDAY, MONDAY + DAY, UTC);
    expect(sum.totals.drifting).toBe(30 * MIN);
    expect(sum.totals.ontask).toBe(HOUR);
  });
});

describe('places that pull away', () => {
  it('ranks by drift time and by episodes, with causes and source', () => {
    const s = session();
    const at = MONDAY + 9 * HOUR;
    const segs = [
      segment(s, { start: at, end: at + 30 * MIN, kind: 'drifting', place: 'youtube.com', cause: 'blocked' }),
      segment(s, { start: at + 30 * MIN, end: at + 35 * MIN, kind: 'drifting', place: 'slack', source: 'os', cause: 'judged' }),
      segment(s, { start: at + 35 * MIN, end: at + 40 * MIN, kind: 'drifting', place: 'slack', source: 'os', cause: 'judged' }),
      segment(s, { start: at + 40 * MIN, end: at + 50 * MIN, kind: 'ontask', place: 'github.com' }),
    ];
    const marks = [
      mark(s, 'drift', { at, episode: 1, place: 'youtube.com', cause: 'blocked', reason: '' }),
      mark(s, 'drift', { at: at + 30 * MIN, episode: 2, place: 'slack', cause: 'judged', reason: 'chat' }),
      mark(s, 'drift', { at: at + 35 * MIN, episode: 3, place: 'slack', cause: 'blocked', reason: '' }),
      mark(s, 'drift', { at: at + 36 * MIN, episode: 4, place: 'news.example', cause: 'judged', reason: '' }),
    ];
    const sum = summarize(input([s], segs, marks), MONDAY, MONDAY + DAY, UTC);
    expect(sum.placesByTime.map((p) => [p.place, p.driftMs / MIN])).toEqual([
      ['youtube.com', 30],
      ['slack', 10],
    ]);
    expect(sum.placesByEpisodes.map((p) => [p.place, p.episodes, p.source, p.causes])).toEqual([
      ['slack', 2, 'os', ['blocked', 'judged']],
      ['news.example', 1, null, ['judged']],
      ['youtube.com', 1, 'tab', ['blocked']],
    ]);
    expect(sum.perSession[0]).toMatchObject({ episodes: 4, driftAt: [at, at + 30 * MIN, at + 35 * MIN, at + 36 * MIN] });
  });
});

describe('cost', () => {
  it('counts calls per backend and role, per day and per session hour (pauses excluded), with failures', () => {
    const s = session();
    const at = MONDAY + 9 * HOUR;
    const segs = [
      segment(s, { start: at, end: at + 90 * MIN }),
      segment(s, { start: at + 90 * MIN, end: at + 120 * MIN, kind: 'away', place: '', source: null }),
      segment(s, { start: at + 120 * MIN, end: at + 180 * MIN, kind: 'paused', place: '', source: null }),
    ];
    const call = (role: 'judge' | 'nudge', backend: string, ok: boolean, when = at) => mark(s, 'call', { at: when, role, backend, ok });
    const marks = [
      call('judge', 'claude', true),
      call('judge', 'claude', false),
      call('judge', 'claude', true, at + DAY),
      call('judge', 'codex', true),
      call('nudge', 'claude', true),
      mark(s, 'nudge', { at: at + MIN, message: 'keep going' }),
    ];
    const sum = summarize(input([s], segs, marks), MONDAY, MONDAY + 2 * DAY, UTC);
    expect(sum.cost).toEqual([
      { role: 'judge', backend: 'claude', calls: 3, failed: 1, perDay: 1.5, perSessionHour: 1.5 },
      { role: 'judge', backend: 'codex', calls: 1, failed: 0, perDay: 0.5, perSessionHour: 0.5 },
      { role: 'nudge', backend: 'claude', calls: 1, failed: 0, perDay: 0.5, perSessionHour: 0.5 },
    ]);
    expect(sum.days.map((d) => [d.judgeCalls, d.nudgeCalls])).toEqual([
      [3, 1],
      [1, 0],
    ]);
    expect(sum.perSession[0]).toMatchObject({ nudges: 1, nudgeAt: [at + MIN] });
  });

  it('has no per-hour rate without session time', () => {
    const s = session();
    const sum = summarize(
      input([s], [], [mark(s, 'call', { at: MONDAY, role: 'judge', backend: 'claude', ok: true })]),
      MONDAY,
      MONDAY + DAY,
      UTC,
    );
    expect(sum.cost[0]!.perSessionHour).toBeNull();
  });
});

describe('sessions', () => {
  it('lists newest first with end reason and review, counting only marks in the range', () => {
    const older = session({ startedAt: MONDAY + HOUR, endReason: 'timeboxElapsed' });
    const newer = session({ startedAt: MONDAY + 5 * HOUR });
    const marks = [mark(older, 'drift', { at: MONDAY - MIN, episode: 1, place: 'x.com', cause: 'judged', reason: '' })];
    const sum = summarize(input([older, newer], [], marks, [review(newer, 'partly', 'almost')]), MONDAY, MONDAY + DAY, UTC);
    expect(sum.perSession.map((s) => [s.key, s.endReason, s.review?.answer ?? null, s.episodes])).toEqual([
      [newer.key, 'ended', 'partly', 0],
      [older.key, 'timeboxElapsed', null, 0],
    ]);
  });

  it('carries what each session’s work involved to the page', () => {
    const said = session({ startedAt: MONDAY + HOUR, involves: 'the vitest docs' });
    const unsaid = session({ startedAt: MONDAY + 5 * HOUR });
    const sum = summarize(input([said, unsaid], []), MONDAY, MONDAY + DAY, UTC);
    expect(sum.perSession.map((s) => s.involves)).toEqual(['', 'the vitest docs']);
  });

  it('stays linear over a year of segments: twice the segments, twice the reads of them (counted, not timed)', () => {
    const s = session({ startedAt: MONDAY, endedAt: MONDAY + 365 * DAY });
    /** How many times a summary of `count` segments spread over the year reads a segment's fields. */
    const reads = (count: number) => {
      const step = Math.floor((365 * DAY) / count);
      let n = 0;
      const segs: HistorySegment[] = [];
      for (let i = 0; i < count; i++) {
        const start = MONDAY + i * step;
        const seg = segment(s, { start, end: start + step, kind: i % 5 === 0 ? 'drifting' : 'ontask', place: `p${i % 50}.com` });
        segs.push(new Proxy(seg, { get: (target, key) => (n++, Reflect.get(target, key)) }));
      }
      const sum = summarize(input([s], segs), MONDAY, MONDAY + 365 * DAY, UTC);
      expect(sum.days).toHaveLength(365);
      expect(sum.totals.ontask + sum.totals.drifting).toBe(count * step);
      return n;
    };
    const small = reads(10_000);
    const large = reads(20_000);
    // Linear: a few reads per segment, whatever the range (a scan of every segment for every day would read 365× as often).
    expect(large / small).toBeLessThan(2.1);
    expect(large).toBeLessThan(50 * 20_000);
  });
});

describe('timeline bands', () => {
  it('merges touching segments of one kind, listing their places once', () => {
    const s = session();
    const at = MONDAY + 9 * HOUR;
    const segs = [
      segment(s, { start: at, end: at + MIN, place: 'github.com' }),
      segment(s, { start: at + MIN, end: at + 2 * MIN, place: 'docs.rs' }),
      segment(s, { start: at + 2 * MIN + 500, end: at + 3 * MIN, place: 'github.com' }),
      segment(s, { start: at + 3 * MIN, end: at + 4 * MIN, kind: 'drifting', place: 'x.com' }),
      segment(s, { start: at + 4 * MIN, end: at + 5 * MIN, kind: 'away', place: '', source: null }),
      segment(s, { start: at + 10 * MIN, end: at + 11 * MIN, kind: 'away', place: '', source: null }),
    ];
    expect(bandsOf(segs)).toEqual([
      { kind: 'ontask', start: at, end: at + 3 * MIN, places: ['github.com', 'docs.rs'] },
      { kind: 'drifting', start: at + 3 * MIN, end: at + 4 * MIN, places: ['x.com'] },
      { kind: 'away', start: at + 4 * MIN, end: at + 5 * MIN, places: [] },
      { kind: 'away', start: at + 10 * MIN, end: at + 11 * MIN, places: [] },
    ]);
  });
});

describe('how drift episodes were answered', () => {
  it('counts each answer, and the episodes with none as ignored; dismissed heads-ups too', () => {
    const s = session({ startedAt: MONDAY + 9 * HOUR });
    const marks = [1, 2, 3, 4].map((episode) =>
      mark(s, 'drift', { at: MONDAY + 9 * HOUR + episode * MIN, episode, place: 'youtube.com', cause: 'blocked', reason: 'r' }),
    );
    marks.push(mark(s, 'answer', { at: MONDAY + 9 * HOUR + 61 * 1000, episode: 1, choice: 'backToTask' }));
    marks.push(mark(s, 'answer', { at: MONDAY + 9 * HOUR + 181 * 1000, episode: 3, choice: 'dismissed' }));
    marks.push(mark(s, 'nudge', { at: MONDAY + 9 * HOUR + 10 * MIN, message: 'm' }));
    marks.push(mark(s, 'nudgeDismissed', { at: MONDAY + 9 * HOUR + 11 * MIN, message: 'm' }));
    const summary = summarize(
      { sessions: [s], segments: [], marks, reviews: new Map() },
      MONDAY,
      MONDAY + DAY,
      zoneCalendar(() => 0),
    );
    expect(summary.perSession[0]).toMatchObject({
      episodes: 4,
      answers: { backToTask: 1, dismissed: 1, onTask: 0, endSession: 0, ignored: 2 },
      nudges: 1,
      nudgesDismissed: 1,
    });
  });
});

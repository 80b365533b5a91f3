// Breaks of a session's rhythm in the history: the recorder writes them as their own segments, the totals count them apart.
import { describe, expect, it } from 'vitest';
import type { ControllerEvent } from '../../../shared/core/controller';
import { summarize } from '../../../shared/history/aggregate';
import { EMPTY_RECORDER, progressOf, recordTransition, type RecorderState } from '../../../shared/history/recorder';
import { HistorySegment, type SegmentKind } from '../../../shared/history/history-records';
import { DAY, HOUR, MONDAY, fixedCalendar, segment, session } from '../../support/history-records';
import { Harness, MIN, T0 } from '../core/controller/harness';

class Recorded extends Harness {
  recorder: RecorderState = EMPTY_RECORDER;
  readonly segments = new Map<string, HistorySegment>();

  override send(event: ControllerEvent) {
    const before = this.state;
    const effects = super.send(event);
    const at = event.type === 'observed' ? event.observation.at : event.at;
    const step = recordTransition(this.recorder, before, this.state, event, at, { keepTitles: true });
    this.recorder = step.recorder;
    for (const w of step.writes) if (w.store === 'segments') this.segments.set(w.record.key, w.record);
    return effects;
  }

  kinds(): Array<[SegmentKind, number, number]> {
    return [...this.segments.values()].map((s) => [s.kind, s.start - T0, s.end - T0]);
  }
}

describe('the recorder and breaks', () => {
  it('a break is a segment of its own, and away inside it stays the break', () => {
    const h = new Recorded();
    h.send({
      type: 'sessionStarted',
      at: h.now,
      input: {
        commitment: { nextAction: 'Write the parser tests', successCondition: 'all tests pass' },
        allowed: ['code'],
        blocked: [],
        rhythm: { workMinutes: 25, breakMinutes: 5 },
      },
    });
    h.observe('code', 'parser.ts');
    h.advance(25 * MIN).tick();
    h.advance(MIN).send({ type: 'awayStarted', at: h.now, why: 'locked' });
    h.advance(MIN).send({ type: 'awayEnded', at: h.now });
    h.advance(3 * MIN).tick();
    expect(h.kinds()).toEqual([
      ['ontask', 0, 25 * MIN],
      ['break', 25 * MIN, 30 * MIN],
      ['ontask', 30 * MIN, 30 * MIN],
    ]);
    // The popup's progress counts the break as neither focus nor drift.
    expect(progressOf(h.recorder, h.now + MIN)).toMatchObject({ focusedMs: 26 * MIN, driftMs: 0 });
  });
});

describe('totals with breaks', () => {
  it('counts breaks in their own total, in no other and not in session hours', () => {
    const s = session({ startedAt: MONDAY, endedAt: MONDAY + HOUR });
    const segs = [
      segment(s, { start: MONDAY, end: MONDAY + 25 * 60_000 }),
      segment(s, { start: MONDAY + 25 * 60_000, end: MONDAY + 30 * 60_000, kind: 'break', place: '', source: null }),
    ];
    const sum = summarize({ sessions: [s], segments: segs, marks: [], reviews: new Map() }, MONDAY, MONDAY + DAY, fixedCalendar(0));
    expect(sum.totals).toEqual({ ontask: 25 * 60_000, drifting: 0, unsure: 0, away: 0, paused: 0, break: 5 * 60_000 });
    expect(sum.sessionMs).toBe(25 * 60_000);
    expect(sum.days[0]!.ms.break).toBe(5 * 60_000);
    expect(sum.perSession[0]!.ms.break).toBe(5 * 60_000);
  });

  it('a stored break segment reads back; files without breaks read as before', () => {
    const s = session({ startedAt: MONDAY, endedAt: MONDAY + HOUR });
    expect(HistorySegment.parse(segment(s, { start: MONDAY, end: MONDAY + 60_000, kind: 'break', place: '', source: null })).kind).toBe(
      'break',
    );
    expect(HistorySegment.parse(segment(s, { start: MONDAY, end: MONDAY + 60_000, kind: 'away', place: '', source: null })).kind).toBe(
      'away',
    );
  });
});

// Builders of valid history records and fixed-offset calendars, for the history unit and page tests.
import type { Calendar } from '../../shared/history/aggregate';
import type { HistoryMark, HistorySegment, HistorySession, SessionReview } from '../../shared/history/history-records';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** 2024-03-04T00:00:00Z, a Monday. */
export const MONDAY = Date.UTC(2024, 2, 4);

let n = 0;
const nextKey = (prefix: string) => `${prefix}-${++n}`;

export function session(over: Partial<HistorySession> = {}): HistorySession {
  const startedAt = over.startedAt ?? MONDAY + 9 * HOUR;
  return {
    key: nextKey('s'),
    nextAction: 'Write the parser tests',
    successCondition: 'all tests pass',
    involves: '',
    allowed: [],
    blocked: ['youtube.com'],
    startedAt,
    timeboxMinutes: null,
    endedAt: startedAt + HOUR,
    endReason: 'ended',
    strict: false,
    strictTally: null,
    lastSeenAt: startedAt + HOUR,
    ...over,
  };
}

export function segment(
  s: Pick<HistorySession, 'key'>,
  over: Partial<HistorySegment> & Pick<HistorySegment, 'start' | 'end'>,
): HistorySegment {
  return {
    key: nextKey('g'),
    session: s.key,
    kind: 'ontask',
    source: 'tab',
    place: 'github.com',
    title: '',
    cause: null,
    reason: '',
    ...over,
  };
}

type MarkOver<T extends HistoryMark['type']> = Omit<Extract<HistoryMark, { type: T }>, 'key' | 'session' | 'type'>;

export function mark<T extends HistoryMark['type']>(s: Pick<HistorySession, 'key'>, type: T, over: MarkOver<T>): HistoryMark {
  return { key: nextKey('m'), session: s.key, type, ...over } as unknown as HistoryMark;
}

export function review(s: Pick<HistorySession, 'key'>, answer: SessionReview['answer'], note = ''): SessionReview {
  return { key: s.key, answer, note, at: 0 };
}

/** A zone whose offset from UTC is `offsetAt(utcMs)`; a day starts at the local midnight. */
export function zoneCalendar(offsetAt: (utc: number) => number): Calendar {
  // A local wall-clock time to UTC: the offset that holds at the instant it names (none is skipped at midnight here).
  const toUtc = (wall: number) => {
    const guess = wall - offsetAt(wall);
    return wall - offsetAt(guess);
  };
  const localMidnight = (ms: number) => Math.floor((ms + offsetAt(ms)) / DAY) * DAY;
  return {
    dayKey: (ms) => new Date(localMidnight(ms)).toISOString().slice(0, 10),
    startOfDay: (ms) => toUtc(localMidnight(ms)),
    startOfNextDay: (ms) => toUtc(localMidnight(ms) + DAY),
  };
}

export const fixedCalendar = (offset: number) => zoneCalendar(() => offset);

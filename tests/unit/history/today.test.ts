// Today at a glance: focus and drift time of the day, the reviews in order with their answers, the biggest pull.
import { describe, expect, it } from 'vitest';
import { summarize } from '../../../shared/history/aggregate';
import { todayOf } from '../../../shared/history/today';
import { DAY, HOUR, MIN, MONDAY, fixedCalendar, review, segment, session } from '../../support/history-records';

const UTC = fixedCalendar(0);

describe('todayOf', () => {
  it('sums the day, lists the reviews oldest first and names the place with the most drift time', () => {
    const first = session({ startedAt: MONDAY + HOUR, endedAt: MONDAY + 2 * HOUR, nextAction: 'Write the parser tests' });
    const second = session({ startedAt: MONDAY + 3 * HOUR, endedAt: MONDAY + 4 * HOUR, nextAction: 'Fix the lexer' });
    const segments = [
      segment(first, { start: MONDAY + HOUR, end: MONDAY + HOUR + 40 * MIN }),
      segment(first, {
        start: MONDAY + HOUR + 40 * MIN,
        end: MONDAY + HOUR + 45 * MIN,
        kind: 'drifting',
        place: 'news.test',
        cause: 'judged',
      }),
      segment(second, { start: MONDAY + 3 * HOUR, end: MONDAY + 3 * HOUR + 30 * MIN }),
      segment(second, {
        start: MONDAY + 3 * HOUR + 30 * MIN,
        end: MONDAY + 3 * HOUR + 42 * MIN,
        kind: 'drifting',
        place: 'videos.test',
        cause: 'blocked',
      }),
    ];
    const reviews = new Map([review(first, 'yes'), review(second, 'partly')].map((r) => [r.key, r]));
    const today = todayOf(summarize({ sessions: [first, second], segments, marks: [], reviews }, MONDAY, MONDAY + DAY, UTC));
    expect(today).toEqual({
      focusedMs: 70 * MIN,
      driftMs: 17 * MIN,
      sessions: 2,
      reviews: [
        { key: first.key, nextAction: 'Write the parser tests', answer: 'yes' },
        { key: second.key, nextAction: 'Fix the lexer', answer: 'partly' },
      ],
      biggestPull: { place: 'videos.test', driftMs: 12 * MIN },
      blocks: [],
    });
  });

  it('carries what became of the day’s scheduled blocks', () => {
    const empty = summarize({ sessions: [], segments: [], marks: [], reviews: new Map() }, MONDAY, MONDAY + DAY, UTC);
    expect(todayOf(empty, ['started', 'missed']).blocks).toEqual(['started', 'missed']);
  });

  it('an empty day has nothing, and no pull', () => {
    expect(todayOf(summarize({ sessions: [], segments: [], marks: [], reviews: new Map() }, MONDAY, MONDAY + DAY, UTC))).toEqual({
      focusedMs: 0,
      driftMs: 0,
      sessions: 0,
      reviews: [],
      biggestPull: null,
      blocks: [],
    });
  });
});

// The end-of-day notification's words: totals, the biggest pull, reviews and blocks, each only when there is one.
import { describe, expect, it } from 'vitest';
import { daySummaryText } from '../../../shared/history/day-summary';

const MIN = 60_000;

describe('daySummaryText', () => {
  it('gives the totals, the biggest pull, the reviews met and the blocks', () => {
    const text = daySummaryText({
      focusedMs: 80 * MIN,
      driftMs: 12 * MIN,
      sessions: 2,
      reviews: [
        { key: 'a', nextAction: 'Write', answer: 'yes' },
        { key: 'b', nextAction: 'Fix', answer: 'partly' },
      ],
      biggestPull: { place: 'videos.test', driftMs: 9 * MIN },
      blocks: ['started', 'missed', 'skipped'],
    });
    expect(text).toBe(
      '2 sessions: 1 h 20 min focused, 12 min drift. Biggest pull: videos.test (9 min). Reviews: 1 of 2 met. Blocks: 1 started, 1 missed, 1 skipped.',
    );
  });

  it('a quiet day says only what happened', () => {
    expect(daySummaryText({ focusedMs: 0, driftMs: 0, sessions: 0, reviews: [], biggestPull: null, blocks: [] })).toBe(
      '0 sessions: 0 min focused, 0 min drift.',
    );
    expect(daySummaryText({ focusedMs: 25 * MIN, driftMs: 0, sessions: 1, reviews: [], biggestPull: null, blocks: ['started'] })).toBe(
      '1 session: 25 min focused, 0 min drift. Blocks: 1 started, 0 missed.',
    );
  });
});

// The evaluation set is well formed and covers what it promises: ≥ 300 cases, ≥ 12 kinds, every hard case.
import { describe, expect, it } from 'vitest';
import { CASE_TAGS, loadCaseFiles } from '../../eval/cases';

describe('the judge evaluation set', () => {
  const files = loadCaseFiles();
  const commitments = files.flatMap((f) => f.commitments);
  const judge = commitments.flatMap((c) => c.judge);
  const nudge = commitments.flatMap((c) => c.nudge);

  it('has at least 300 cases across at least 12 kinds of commitment', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(judge.length + nudge.length).toBeGreaterThanOrEqual(300);
    for (const f of files) {
      expect(f.commitments.flatMap((c) => c.judge).length, f.kind).toBeGreaterThanOrEqual(10);
      expect(f.commitments.flatMap((c) => c.nudge).length, f.kind).toBeGreaterThanOrEqual(3);
    }
  });

  it('has both answers for the judge and the nudge, in every kind', () => {
    for (const f of files) {
      const cases = f.commitments.flatMap((c) => c.judge);
      expect(
        cases.some((j) => j.drifting),
        f.kind,
      ).toBe(true);
      expect(
        cases.some((j) => !j.drifting),
        f.kind,
      ).toBe(true);
      const nudges = f.commitments.flatMap((c) => c.nudge);
      expect(
        nudges.some((n) => n.onTrack),
        f.kind,
      ).toBe(true);
      expect(
        nudges.some((n) => !n.onTrack),
        f.kind,
      ).toBe(true);
    }
  });

  it('covers every hard case, each with both labels where both exist', () => {
    const tagged = (tag: string) => [...judge, ...nudge].filter((c) => c.tags.includes(tag as never));
    for (const tag of CASE_TAGS) expect(tagged(tag).length, tag).toBeGreaterThanOrEqual(3);
    // A tutorial can be on task or not; Stack Overflow for the right language or the wrong one.
    for (const tag of ['youtube-tutorial', 'stackoverflow', 'chat-for-work', 'neighbouring-docs']) {
      const labels = new Set(judge.filter((j) => j.tags.includes(tag as never)).map((j) => j.drifting));
      expect(labels, tag).toEqual(new Set([true, false]));
    }
    expect(judge.filter((j) => j.title.trim() === '').length).toBeGreaterThanOrEqual(3);
  });
});

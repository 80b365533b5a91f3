// Scoring the eval: confusion on "drifting", false alarms, nudge agreement, pages page by page and under the per-site
// rule, nearest-rank latency; the report's pages section; and its arguments.
import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../eval/suite/args';
import type { JudgeOutcome, NudgeOutcome, PageOutcome } from '../../eval/suite/outcomes';
import { formatReport } from '../../eval/suite/report';
import { percentile, perSiteOutcomes, score, scorePages } from '../../eval/suite/score';

const judge = (id: string, expected: boolean, got: boolean | undefined, ms = 100): JudgeOutcome => ({
  role: 'judge',
  id,
  kind: 'coding',
  expected,
  ms,
  ...(got === undefined ? { error: 'timeout: claude: timed out' } : { got }),
});
const nudge = (id: string, expected: boolean, got: boolean | undefined): NudgeOutcome => ({
  role: 'nudge',
  id,
  kind: 'writing',
  expected,
  ms: 50,
  ...(got === undefined ? { error: 'exit: llm: exited 1' } : { got }),
});

/** A page's outcome: `sequence` and `step` place it, `expected`/`got` are "drifting" (got undefined: the call failed). */
const page = (sequence: string, step: number, expected: boolean, got: boolean | undefined, site = 'youtube.com'): PageOutcome => ({
  role: 'page',
  id: `${sequence}-${step}`,
  kind: 'studying',
  sequence,
  site,
  step,
  expected,
  ms: 80,
  ...(got === undefined ? { error: 'timeout: claude: timed out' } : { got, reason: got ? 'A video for fun.' : '' }),
});

describe('eval scoring', () => {
  it('counts the confusion of "drifting" and derives precision, recall, F1 and the false-alarm rate', () => {
    const s = score([
      judge('tp1', true, true),
      judge('tp2', true, true),
      judge('tp3', true, true),
      judge('fn', true, false),
      judge('fp', false, true),
      judge('tn1', false, false),
      judge('tn2', false, false),
      judge('tn3', false, false),
      judge('err', true, undefined),
    ]);
    expect(s.judge).toMatchObject({
      cases: 9,
      answered: 8,
      errors: 1,
      truePositives: 3,
      falseNegatives: 1,
      falsePositives: 1,
      trueNegatives: 3,
    });
    expect(s.judge.precision).toBe(0.75);
    expect(s.judge.recall).toBe(0.75);
    expect(s.judge.f1).toBe(0.75);
    expect(s.judge.falseAlarmRate).toBe(0.25);
    expect(s.misses.map((o) => o.id)).toEqual(['fn', 'fp']);
    expect(s.failures.map((o) => o.id)).toEqual(['err']);
  });

  it('leaves undefined figures undefined rather than 0 or 1 (no answers, no positives)', () => {
    expect(score([]).judge).toMatchObject({ precision: null, recall: null, f1: null, falseAlarmRate: null });
    // Every answer "on task" and every case on task: nothing to be precise about, no recall to have.
    const s = score([judge('a', false, false), judge('b', false, false)]);
    expect(s.judge).toMatchObject({ precision: null, recall: null, f1: null, falseAlarmRate: 0 });
    expect(score([judge('x', true, undefined)]).judge).toMatchObject({ answered: 0, precision: null });
  });

  it('scores the nudge by agreement, telling heads-ups on on-track work from concerns let be', () => {
    const s = score([
      nudge('a', true, true),
      nudge('b', true, false),
      nudge('c', false, true),
      nudge('d', false, false),
      nudge('e', true, undefined),
    ]);
    expect(s.nudge).toEqual({ cases: 5, answered: 4, errors: 1, agreed: 2, agreement: 0.5, falseConcerns: 1, missedConcerns: 1 });
    expect(s.calls).toBe(5);
  });

  it('takes latency percentiles by nearest rank over every call', () => {
    expect(percentile([], 50)).toBe(0);
    const sorted = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    expect(percentile(sorted, 50)).toBe(100);
    expect(percentile(sorted, 95)).toBe(190);
    expect(score([judge('a', true, true, 300), judge('b', true, true, 100), judge('c', true, true, 200)]).latencyMs).toEqual({
      n: 3,
      p50: 200,
      p95: 300,
    });
  });
});

describe('pages of mixed-use sites', () => {
  // A: a lecture, a comedy clip, a lecture. B: a comedy clip, a lecture, a lecture answered "drifting" (a false alarm).
  // Given out of order, as two calls at once finish them.
  const outcomes = [
    page('b', 2, false, true, 'reddit.com'),
    page('a', 1, true, true),
    page('b', 0, true, true, 'reddit.com'),
    page('a', 0, false, false),
    page('b', 1, false, false, 'reddit.com'),
    page('a', 2, false, false),
  ];

  it('scores every page on its own answer, as the judge cases are scored, apart from them', () => {
    const s = score(outcomes);
    expect(s.pages.sequences).toBe(2);
    expect(s.pages.perPage).toMatchObject({
      cases: 6,
      answered: 6,
      truePositives: 2,
      falsePositives: 1,
      falseNegatives: 0,
      trueNegatives: 3,
    });
    expect(s.pages.perPage.accuracy).toBeCloseTo(5 / 6, 10);
    expect(s.pages.perPage.falseAlarmRate).toBe(0.25);
    expect(s.judge.cases).toBe(0);
    expect(s.calls).toBe(6);
    expect(s.misses.map((o) => o.id)).toEqual(['b-2']);
  });

  it('reads the same answers under the per-site rule: the first verdict stands for the later pages, one call per sequence', () => {
    const s = scorePages(outcomes);
    // A's lecture first: its comedy clip is let be. B's clip first: both its lectures are false alarms.
    expect(s.perSite).toMatchObject({ cases: 6, answered: 6, truePositives: 1, falsePositives: 2, falseNegatives: 1, trueNegatives: 2 });
    expect(s.perSite.accuracy).toBe(0.5);
    expect(s.perSite.recall).toBe(0.5);
    expect(s.perSite.falseAlarmRate).toBe(0.5);
    expect(s.perSiteCalls).toBe(2);
    const got = Object.fromEntries(perSiteOutcomes(outcomes).outcomes.map((o) => [o.id, o.got]));
    expect(got).toEqual({ 'a-0': false, 'a-1': false, 'a-2': false, 'b-0': true, 'b-1': true, 'b-2': true });
  });

  it('a failed call: before the first answer the site has no verdict; after it, the site verdict answers without a call', () => {
    const s = scorePages([
      page('c', 0, false, undefined),
      page('c', 1, true, true),
      page('c', 2, false, undefined),
      page('d', 0, true, undefined),
      page('d', 1, false, undefined),
    ]);
    expect(s.perPage).toMatchObject({ cases: 5, answered: 1, errors: 4, truePositives: 1 });
    // c-0 failed as it was; c-1's "drifting" became the site's, so c-2 is a false alarm the per-site rule never asked.
    expect(s.perSite).toMatchObject({ cases: 5, answered: 2, errors: 3, truePositives: 1, falsePositives: 1 });
    // c asks until its first answer (two calls); d never gets one, so each of its pages is asked.
    expect(s.perSiteCalls).toBe(4);
    expect(scorePages([])).toMatchObject({ sequences: 0, perSiteCalls: 0, perPage: { cases: 0, accuracy: null } });
  });

  it('reports them in a section of their own, beside the per-site rule and per site; none when no page was asked', () => {
    const report = formatReport('claude — 6 of 6 cases', outcomes);
    expect(report).toContain('### Pages of mixed-use sites');
    expect(report).toContain('6 pages in 2 sequences');
    expect(report).toContain('| Pages (answered / failed) | 6 (6 / 0) | 6 (6 / 0) |');
    expect(report).toContain('| Accuracy | 83.3 % | 50.0 % |');
    expect(report).toContain('| Drifting: precision / recall / F1 | 0.667 / 1.000 / 0.800 | 0.333 / 0.500 / 0.400 |');
    expect(report).toContain('| Confusion (TP / FP / FN / TN) | 2 / 1 / 0 / 3 | 1 / 2 / 1 / 2 |');
    expect(report).toContain('| False-alarm rate | 25.0 % | 50.0 % |');
    expect(report).toContain('| Judge calls | 6 | 2 |');
    expect(report).toContain('| reddit.com | 1 | 3 | 66.7 % | 33.3 % | 1 / 2 |');
    expect(report).toContain('| youtube.com | 1 | 3 | 100.0 % | 66.7 % | 0 / 0 |');
    expect(report).toContain('  b-2 (page of reddit.com): expected on task, got drifting — A video for fun.');
    expect(formatReport('x', [judge('a', true, true)])).not.toContain('Pages of mixed-use sites');
  });
});

describe('eval arguments', () => {
  it('needs a backend, and takes the documented options', () => {
    expect(parseEvalArgs([])).toEqual({ ok: false, error: '--backend is required' });
    const parsed = parseEvalArgs([
      '--backend',
      'claude',
      '--model',
      'sonnet',
      '--limit',
      '20',
      '--kind',
      'coding,writing',
      '--concurrency',
      '1',
      '--fresh',
      '--strict',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      args: { backend: 'claude', model: 'sonnet', limit: 20, kinds: ['coding', 'writing'], concurrency: 1, fresh: true, strict: true },
    });
    expect(parseEvalArgs(['--help'])).toEqual({ ok: 'help' });
  });

  it('refuses what the host would refuse, and more than two calls at once', () => {
    expect(parseEvalArgs(['--backend', 'Claude; rm -rf'])).toMatchObject({ ok: false });
    expect(parseEvalArgs(['--backend', 'claude', '--model', 'a\nb'])).toMatchObject({ ok: false });
    expect(parseEvalArgs(['--backend', 'claude', '--concurrency', '3'])).toEqual({
      ok: false,
      error: '--concurrency wants a whole number from 1 to 2',
    });
    expect(parseEvalArgs(['--backend', 'claude', '--limit', '0'])).toMatchObject({ ok: false });
    expect(parseEvalArgs(['--backend', 'claude', '--bogus'])).toEqual({ ok: false, error: 'unknown argument "--bogus"' });
  });
});

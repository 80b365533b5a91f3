// Scoring the eval: confusion on "drifting", false alarms, nudge agreement, nearest-rank latency; and its arguments.
import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../eval/suite/args';
import type { JudgeOutcome, NudgeOutcome } from '../../eval/suite/outcomes';
import { percentile, score } from '../../eval/suite/score';

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

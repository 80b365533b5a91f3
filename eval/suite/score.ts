// Scores outcomes: the judge's confusion on "drifting", false alarms, the nudge's agreement, latency, failures.
import { answered, type JudgeOutcome, type NudgeOutcome, type Outcome } from './outcomes';

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
}

export interface JudgeScore {
  cases: number;
  answered: number;
  errors: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** null when undefined (no positive answers, or no positive cases). */
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** On-task cases the judge called drifting: each one is a banner over someone's work. */
  falseAlarmRate: number | null;
}

export interface NudgeScore {
  cases: number;
  answered: number;
  errors: number;
  agreed: number;
  agreement: number | null;
  /** On-track trajectories given a heads-up. */
  falseConcerns: number;
  /** Off-track trajectories let be. */
  missedConcerns: number;
}

export interface Score {
  judge: JudgeScore;
  nudge: NudgeScore;
  /** Every call made (answered or failed). */
  calls: number;
  latencyMs: Percentiles;
  /** Cases answered against their label, then the failed ones. */
  misses: Outcome[];
  failures: Outcome[];
}

const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

/** Nearest-rank percentile of sorted values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function scoreJudge(outcomes: readonly JudgeOutcome[]): JudgeScore {
  const done = outcomes.filter(answered);
  const count = (expected: boolean, got: boolean) => done.filter((o) => o.expected === expected && o.got === got).length;
  const tp = count(true, true);
  const fp = count(false, true);
  const fn = count(true, false);
  const tn = count(false, false);
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  const f1 = precision === null || recall === null || precision + recall === 0 ? null : (2 * precision * recall) / (precision + recall);
  return {
    cases: outcomes.length,
    answered: done.length,
    errors: outcomes.length - done.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
    precision,
    recall,
    f1,
    falseAlarmRate: ratio(fp, fp + tn),
  };
}

export function scoreNudge(outcomes: readonly NudgeOutcome[]): NudgeScore {
  const done = outcomes.filter(answered);
  const agreed = done.filter((o) => o.got === o.expected).length;
  return {
    cases: outcomes.length,
    answered: done.length,
    errors: outcomes.length - done.length,
    agreed,
    agreement: ratio(agreed, done.length),
    falseConcerns: done.filter((o) => o.expected && !o.got).length,
    missedConcerns: done.filter((o) => !o.expected && o.got).length,
  };
}

export function score(outcomes: readonly Outcome[]): Score {
  const judge = outcomes.filter((o): o is JudgeOutcome => o.role === 'judge');
  const nudge = outcomes.filter((o): o is NudgeOutcome => o.role === 'nudge');
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    judge: scoreJudge(judge),
    nudge: scoreNudge(nudge),
    calls: outcomes.length,
    latencyMs: { n: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    misses: outcomes.filter((o) => answered(o) && o.got !== o.expected),
    failures: outcomes.filter((o) => !answered(o)),
  };
}

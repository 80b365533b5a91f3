// Scores outcomes: the judge's confusion on "drifting", false alarms, the nudge's agreement, pages of mixed-use sites
// page by page and under the per-site rule they replace, latency, failures.
import { answered, type JudgeOutcome, type NudgeOutcome, type Outcome, type PageOutcome } from './outcomes';

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
  /** Answers that agree with the label, of the answered. */
  accuracy: number | null;
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

/** Pages of mixed-use sites: the same answers read two ways, so the gain of page-by-page judging costs no extra call. */
export interface PagesScore {
  sequences: number;
  /** Each page judged on its own, as the extension does now: one call per page. */
  perPage: JudgeScore;
  /** The seed's rule on the same pages: a sequence's first verdict stands for its later pages. */
  perSite: JudgeScore;
  /** The calls that rule would have made: per sequence, its pages up to the first answered one. */
  perSiteCalls: number;
}

export interface Score {
  judge: JudgeScore;
  nudge: NudgeScore;
  pages: PagesScore;
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

export function scoreJudge(outcomes: readonly (JudgeOutcome | PageOutcome)[]): JudgeScore {
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
    accuracy: ratio(tp + tn, done.length),
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

/**
 * What the per-site rule would have answered for each page: the verdict of its sequence's first answered page (the
 * site's verdict, cached for the session), from that page on; a page before any answer is failed as it was. The site's
 * verdict is also the answer for a later page whose own call failed: under that rule it was never asked.
 */
export function perSiteOutcomes(outcomes: readonly PageOutcome[]): { outcomes: PageOutcome[]; calls: number } {
  const bySequence = new Map<string, PageOutcome[]>();
  for (const o of outcomes) bySequence.set(o.sequence, [...(bySequence.get(o.sequence) ?? []), o]);
  const result: PageOutcome[] = [];
  let calls = 0;
  for (const pages of bySequence.values()) {
    let site: boolean | undefined;
    for (const o of [...pages].sort((a, b) => a.step - b.step)) {
      if (site === undefined) {
        calls++;
        if (answered(o)) site = o.got;
        result.push(o);
        continue;
      }
      const { error: _error, reason: _reason, ...rest } = o;
      result.push({ ...rest, got: site });
    }
  }
  return { outcomes: result, calls };
}

export function scorePages(outcomes: readonly PageOutcome[]): PagesScore {
  const perSite = perSiteOutcomes(outcomes);
  return {
    sequences: new Set(outcomes.map((o) => o.sequence)).size,
    perPage: scoreJudge(outcomes),
    perSite: scoreJudge(perSite.outcomes),
    perSiteCalls: perSite.calls,
  };
}

export function score(outcomes: readonly Outcome[]): Score {
  const judge = outcomes.filter((o): o is JudgeOutcome => o.role === 'judge');
  const nudge = outcomes.filter((o): o is NudgeOutcome => o.role === 'nudge');
  const pages = outcomes.filter((o): o is PageOutcome => o.role === 'page');
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    judge: scoreJudge(judge),
    nudge: scoreNudge(nudge),
    pages: scorePages(pages),
    calls: outcomes.length,
    latencyMs: { n: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    misses: outcomes.filter((o) => answered(o) && o.got !== o.expected),
    failures: outcomes.filter((o) => !answered(o)),
  };
}

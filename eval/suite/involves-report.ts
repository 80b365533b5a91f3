// Without and with Involves side by side (`--involves both`): each half of the run scored on its own, and the difference.
import { answered, type Outcome } from './outcomes';
import { describe, num, pct } from './report';
import { score, type Score } from './score';

/** With minus without, for the figures Involves is meant to move; null when either side has no figure. */
export interface InvolvesGain {
  judgeAccuracy: number | null;
  judgePrecision: number | null;
  judgeRecall: number | null;
  judgeF1: number | null;
  falseAlarmRate: number | null;
  nudgeAgreement: number | null;
  pageAccuracy: number | null;
}

/** What the results file keeps: `score` reads as it did before Involves; the rest only once Involves was asked. */
export interface InvolvesScores {
  score: Score;
  scoreWithInvolves?: Score;
  involvesGain?: InvolvesGain;
}

/** A row of the comparison: a figure with a difference (a ratio) or a plain cell for each side. */
type Row = { label: string; pagesOnly?: boolean } & (
  { ratio: (s: Score) => number | null; as: 'pct' | 'num'; gain: keyof InvolvesGain } | { cell: (s: Score) => string }
);

const ROWS: readonly Row[] = [
  { label: 'Judge cases (answered / failed)', cell: ({ judge: j }) => `${j.cases} (${j.answered} / ${j.errors})` },
  { label: 'Judge accuracy', ratio: (s) => s.judge.accuracy, as: 'pct', gain: 'judgeAccuracy' },
  { label: 'Drifting: precision', ratio: (s) => s.judge.precision, as: 'num', gain: 'judgePrecision' },
  { label: 'Drifting: recall', ratio: (s) => s.judge.recall, as: 'num', gain: 'judgeRecall' },
  { label: 'Drifting: F1', ratio: (s) => s.judge.f1, as: 'num', gain: 'judgeF1' },
  {
    label: 'Confusion (TP / FP / FN / TN)',
    cell: ({ judge: j }) => `${j.truePositives} / ${j.falsePositives} / ${j.falseNegatives} / ${j.trueNegatives}`,
  },
  { label: 'False-alarm rate (lower is better)', ratio: (s) => s.judge.falseAlarmRate, as: 'pct', gain: 'falseAlarmRate' },
  { label: 'Nudge cases (answered / failed)', cell: ({ nudge: n }) => `${n.cases} (${n.answered} / ${n.errors})` },
  { label: 'Nudge agreement', ratio: (s) => s.nudge.agreement, as: 'pct', gain: 'nudgeAgreement' },
  { label: 'Heads-ups on on-track work / off-track let be', cell: ({ nudge: n }) => `${n.falseConcerns} / ${n.missedConcerns}` },
  { label: 'Pages: accuracy page by page', ratio: (s) => s.pages.perPage.accuracy, as: 'pct', gain: 'pageAccuracy', pagesOnly: true },
  { label: 'Pages: false alarms page by page', cell: (s) => `${s.pages.perPage.falsePositives}`, pagesOnly: true },
  { label: 'Latency per call p50 / p95', cell: ({ latencyMs: l }) => `${Math.round(l.p50)} / ${Math.round(l.p95)} ms` },
  { label: 'Calls', cell: (s) => `${s.calls}` },
];

const difference = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : b - a);

/** "+4.2 pts" for a percentage, "+0.042" for a ratio; no sign on a difference that rounds to nothing. */
function formatDifference(d: number | null, as: 'pct' | 'num'): string {
  if (d === null) return '–';
  const text = as === 'pct' ? (d * 100).toFixed(1) : d.toFixed(3);
  const zero = Number(text) === 0;
  return `${zero ? text.replace('-', '') : d > 0 ? `+${text}` : text}${as === 'pct' ? ' pts' : ''}`;
}

export function involvesGain(without: Score, withIt: Score): InvolvesGain {
  const gain = {} as InvolvesGain;
  for (const row of ROWS) if ('ratio' in row) gain[row.gain] = difference(row.ratio(without), row.ratio(withIt));
  return gain;
}

const splitByInvolves = (outcomes: readonly Outcome[]) => ({
  without: outcomes.filter((o) => !o.withInvolves),
  withIt: outcomes.filter((o) => o.withInvolves),
});

export function involvesScores(outcomes: readonly Outcome[]): InvolvesScores {
  const { without, withIt } = splitByInvolves(outcomes);
  const s = score(without);
  if (withIt.length === 0) return { score: s };
  const w = score(withIt);
  return { score: s, scoreWithInvolves: w, ...(without.length > 0 ? { involvesGain: involvesGain(s, w) } : {}) };
}

/** Cases whose answer Involves changed, both asked and answered: how many now agree with the label, how many no longer do. */
function changed(without: readonly Outcome[], withIt: readonly Outcome[]): string {
  const before = new Map(without.filter(answered).map((o) => [`${o.role}:${o.id}`, o]));
  let fixed = 0;
  let broken = 0;
  for (const o of withIt.filter(answered)) {
    const b = before.get(`${o.role}:${o.id}`);
    if (!b || b.got === o.got) continue;
    if (o.got === o.expected) fixed++;
    else broken++;
  }
  return `Involves changed ${fixed + broken} answer${fixed + broken === 1 ? '' : 's'}: ${fixed} now agree with the label, ${broken} no longer do.`;
}

export function formatInvolvesReport(title: string, outcomes: readonly Outcome[]): string {
  const { without, withIt } = splitByInvolves(outcomes);
  const [a, b] = [score(without), score(withIt)];
  const hasPages = a.pages.perPage.cases + b.pages.perPage.cases > 0;
  const kinds = [...new Set(outcomes.map((o) => o.kind))].sort();
  const byKind = (kind: string): [Score, Score] => [
    score(without.filter((o) => o.kind === kind)),
    score(withIt.filter((o) => o.kind === kind)),
  ];
  const misses = (label: string, s: Score) =>
    s.misses.length
      ? [`Answered against the label ${label} (${s.misses.length}):`, ...s.misses.map(describe)]
      : [`No case answered against its label ${label}.`];
  const failures = (label: string, s: Score) =>
    s.failures.length ? ['', `Failed ${label} (${s.failures.length}):`, ...s.failures.map(describe)] : [];
  return [
    `## ${title}`,
    '',
    "Each case asked twice: without the commitment's Involves (the prompt as before Involves existed) and with it. " +
      'Difference: with minus without.',
    '',
    '| Figure | Without Involves | With Involves | Difference |',
    '| --- | --- | --- | --- |',
    ...ROWS.filter((row) => hasPages || !row.pagesOnly).map((row) => {
      if (!('ratio' in row)) return `| ${row.label} | ${row.cell(a)} | ${row.cell(b)} | |`;
      const format = row.as === 'pct' ? pct : num;
      const [x, y] = [row.ratio(a), row.ratio(b)];
      return `| ${row.label} | ${format(x)} | ${format(y)} | ${formatDifference(difference(x, y), row.as)} |`;
    }),
    '',
    '| Kind | Judge accuracy without / with | False alarms without / with | Nudge agreement without / with |',
    '| --- | --- | --- | --- |',
    ...kinds.map((kind) => {
      const [k, w] = byKind(kind);
      return `| ${kind} | ${pct(k.judge.accuracy)} / ${pct(w.judge.accuracy)} | ${k.judge.falsePositives} / ${w.judge.falsePositives} | ${pct(k.nudge.agreement)} / ${pct(w.nudge.agreement)} |`;
    }),
    '',
    changed(without, withIt),
    '',
    ...misses('without Involves', a),
    ...misses('with Involves', b),
    ...failures('without Involves', a),
    ...failures('with Involves', b),
  ].join('\n');
}

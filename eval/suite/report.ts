// The run's figures in words and tables: what `npm run eval` prints at the end.
import { answered, type Outcome, type PageOutcome } from './outcomes';
import { score, scorePages, type JudgeScore, type Score } from './score';

export const pct = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
export const num = (value: number | null): string => (value === null ? '–' : value.toFixed(3));

/** One case answered against its label, or failed: what was expected, what came, and what the backend said. */
export function describe(o: Outcome): string {
  const label = (drift: boolean) => (o.role !== 'nudge' ? (drift ? 'drifting' : 'on task') : drift ? 'on track' : 'off track');
  const got = answered(o) ? label(o.got) : 'failed';
  const said = o.error ?? (o.role !== 'nudge' ? o.reason : o.message) ?? '';
  const role = o.role === 'page' ? `page of ${o.site}` : o.role;
  return `  ${o.id} (${role}): expected ${label(o.expected)}, got ${got}${said ? ` — ${said.slice(0, 160)}` : ''}`;
}

/** Per kind: judge accuracy and F1, nudge agreement. */
function byKind(outcomes: readonly Outcome[]): string[] {
  const kinds = [...new Set(outcomes.map((o) => o.kind))].sort();
  const lines = [
    '| Kind | Judge cases | Judge accuracy | Judge F1 | False alarms | Nudge agreement |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const kind of kinds) {
    const s = score(outcomes.filter((o) => o.kind === kind));
    const j = s.judge;
    lines.push(`| ${kind} | ${j.cases} | ${pct(j.accuracy)} | ${num(j.f1)} | ${j.falsePositives} | ${pct(s.nudge.agreement)} |`);
  }
  return lines;
}

/**
 * Pages of mixed-use sites: the answers page by page beside the per-site rule's reading of the same answers, overall
 * and per site. Empty when the run had no pages.
 */
function pagesSection(outcomes: readonly Outcome[], s: Score): string[] {
  const { perPage: a, perSite: b, sequences, perSiteCalls } = s.pages;
  if (a.cases === 0) return [];
  const row = (figure: string, value: (j: JudgeScore) => string) => `| ${figure} | ${value(a)} | ${value(b)} |`;
  const pages = outcomes.filter((o): o is PageOutcome => o.role === 'page');
  const sites = [...new Set(pages.map((o) => o.site))].sort();
  return [
    '',
    '### Pages of mixed-use sites',
    '',
    `${a.cases} page${a.cases === 1 ? '' : 's'} in ${sequences} sequence${sequences === 1 ? '' : 's'}, each page judged on its own (its site and title, as the extension asks); ` +
      "beside it, the same answers under the per-site rule it replaces (a sequence's first verdict kept for its later pages).",
    '',
    '| Figure | Page by page | Per site (first verdict kept) |',
    '| --- | --- | --- |',
    row('Pages (answered / failed)', (j) => `${j.cases} (${j.answered} / ${j.errors})`),
    row('Labelled drifting / on task', (j) => `${j.truePositives + j.falseNegatives} / ${j.falsePositives + j.trueNegatives}`),
    row('Accuracy', (j) => pct(j.accuracy)),
    row('Drifting: precision / recall / F1', (j) => `${num(j.precision)} / ${num(j.recall)} / ${num(j.f1)}`),
    row('Confusion (TP / FP / FN / TN)', (j) => `${j.truePositives} / ${j.falsePositives} / ${j.falseNegatives} / ${j.trueNegatives}`),
    row('False-alarm rate', (j) => pct(j.falseAlarmRate)),
    `| Judge calls | ${a.cases} | ${perSiteCalls} |`,
    '',
    '| Site | Sequences | Pages | Accuracy page by page | Accuracy per site | False alarms page by page / per site |',
    '| --- | --- | --- | --- | --- | --- |',
    ...sites.map((site) => {
      const p = scorePages(pages.filter((o) => o.site === site));
      return `| ${site} | ${p.sequences} | ${p.perPage.cases} | ${pct(p.perPage.accuracy)} | ${pct(p.perSite.accuracy)} | ${p.perPage.falsePositives} / ${p.perSite.falsePositives} |`;
    }),
  ];
}

export function formatReport(title: string, outcomes: readonly Outcome[], s: Score = score(outcomes)): string {
  const j = s.judge;
  const n = s.nudge;
  return [
    `## ${title}`,
    '',
    '| Figure | Value |',
    '| --- | --- |',
    `| Judge cases (answered / failed) | ${j.cases} (${j.answered} / ${j.errors}) |`,
    // What a judge that never interrupts would score: recall 0, no false alarms; the figures below read against it.
    `| Labelled drifting / on task | ${j.truePositives + j.falseNegatives} / ${j.falsePositives + j.trueNegatives} of the answered |`,
    `| Drifting: precision / recall / F1 | ${num(j.precision)} / ${num(j.recall)} / ${num(j.f1)} |`,
    `| Confusion (TP / FP / FN / TN) | ${j.truePositives} / ${j.falsePositives} / ${j.falseNegatives} / ${j.trueNegatives} |`,
    `| False-alarm rate (on-task work called drifting) | ${pct(j.falseAlarmRate)} |`,
    `| Nudge cases (answered / failed) | ${n.cases} (${n.answered} / ${n.errors}) |`,
    `| Nudge agreement | ${pct(n.agreement)} (${n.falseConcerns} heads-ups on on-track work, ${n.missedConcerns} off-track let be) |`,
    `| Latency per call p50 / p95 | ${Math.round(s.latencyMs.p50)} / ${Math.round(s.latencyMs.p95)} ms |`,
    `| Calls | ${s.calls} |`,
    '',
    ...byKind(outcomes),
    ...pagesSection(outcomes, s),
    '',
    s.misses.length ? `Answered against the label (${s.misses.length}):` : 'No case answered against its label.',
    ...s.misses.map(describe),
    ...(s.failures.length ? ['', `Failed (${s.failures.length}):`, ...s.failures.map(describe)] : []),
  ].join('\n');
}

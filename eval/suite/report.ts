// The run's figures in words and tables: what `npm run eval` prints at the end.
import { answered, type Outcome } from './outcomes';
import { score, type Score } from './score';

const pct = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
const num = (value: number | null): string => (value === null ? '–' : value.toFixed(3));

function describe(o: Outcome): string {
  const label = (drift: boolean) => (o.role === 'judge' ? (drift ? 'drifting' : 'on task') : drift ? 'on track' : 'off track');
  const got = answered(o) ? label(o.got) : 'failed';
  const said = o.error ?? (o.role === 'judge' ? o.reason : o.message) ?? '';
  return `  ${o.id} (${o.role}): expected ${label(o.expected)}, got ${got}${said ? ` — ${said.slice(0, 160)}` : ''}`;
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
    const accuracy = j.answered === 0 ? null : (j.truePositives + j.trueNegatives) / j.answered;
    lines.push(`| ${kind} | ${j.cases} | ${pct(accuracy)} | ${num(j.f1)} | ${j.falsePositives} | ${pct(s.nudge.agreement)} |`);
  }
  return lines;
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
    '',
    s.misses.length ? `Answered against the label (${s.misses.length}):` : 'No case answered against its label.',
    ...s.misses.map(describe),
    ...(s.failures.length ? ['', `Failed (${s.failures.length}):`, ...s.failures.map(describe)] : []),
  ].join('\n');
}

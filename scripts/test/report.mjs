// The table `npm test` ends with: each tier's wall time, when it ran, the CPU it used, its tests, and its slowest three files (or commands).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/** 75 s → "1:15". */
export function clock(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
/** CPU time, and how much of one core it kept busy over `wallMs`. */
const cpuOf = (cpuMs, wallMs) => (cpuMs ? `${clock(cpuMs)} (${Math.round((100 * cpuMs) / Math.max(1, wallMs))} %)` : '');

/** A vitest JSON report's files and test count, or nothing when it wrote none (it failed to start). */
function vitestFiles(path) {
  if (!path || !existsSync(path)) return null;
  const json = JSON.parse(readFileSync(path, 'utf8'));
  const files = json.testResults.map((r) => ({
    name: relative(process.cwd(), r.name)
      .replace(/^tests\/[^/]+\//, '')
      .replace(/\.test\.tsx?$/, ''),
    ms: r.endTime - r.startTime,
  }));
  return { files, tests: json.numTotalTests };
}

/** The steps grouped by tier: from its first step's start to its last one's end. */
export function tiersOf(plan) {
  const tiers = new Map();
  for (const step of plan) {
    if (!step.started) continue;
    const tier = tiers.get(step.tier) ?? {
      name: step.tier,
      started: step.started,
      ended: step.ended,
      parts: [],
      tests: 0,
      cpuMs: 0,
      status: 'passed',
    };
    tier.started = Math.min(tier.started, step.started);
    tier.ended = Math.max(tier.ended, step.ended);
    tier.cpuMs += step.cpuMs ?? 0;
    // A step the first failure stopped did not fail: the table says which one did.
    if (step.status !== 0) tier.status = step.stopped && tier.status !== 'FAILED' ? 'stopped' : 'FAILED';
    const vitest = vitestFiles(step.vitestJson);
    if (vitest) {
      tier.parts.push(...vitest.files);
      tier.tests += vitest.tests;
    } else {
      tier.parts.push(...step.parts);
    }
    tiers.set(step.tier, tier);
  }
  return [...tiers.values()].sort((a, b) => a.started - b.started);
}

/** Prints the table, and writes it as Markdown to `markdownPath` (artifacts/test-results/times.md: docs/TESTING.md says what each column means). */
export function report(plan, started, ended, markdownPath) {
  const tiers = tiersOf(plan);
  const rows = tiers.map((t) => [
    t.name + (t.status === 'passed' ? '' : ` (${t.status})`),
    clock(t.ended - t.started),
    `${clock(t.started - started)}–${clock(t.ended - started)}`,
    cpuOf(t.cpuMs, t.ended - t.started),
    t.tests ? String(t.tests) : '',
    [...t.parts]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((p) => `${p.name} ${seconds(p.ms)}`)
      .join(' · '),
  ]);
  const cpu = tiers.reduce((n, t) => n + t.cpuMs, 0);
  rows.push(['npm test', clock(ended - started), '', cpuOf(cpu, ended - started), String(tiers.reduce((n, t) => n + t.tests, 0)), '']);
  const head = ['tier', 'wall', 'ran', 'cpu (of one core)', 'tests', 'slowest three'];
  const right = new Set([1, 3, 4]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(['', line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  const md = (cells) => `| ${cells.join(' | ')} |`;
  writeFileSync(markdownPath, [md(head), md(head.map((_, i) => (right.has(i) ? '---:' : '---'))), ...rows.map(md)].join('\n') + '\n');
}

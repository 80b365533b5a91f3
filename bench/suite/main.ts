// The bench suite's entry: runs the chosen sections of the table in sections.ts, writes the results files, exits 1 when a budget is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, machineInfo } from './machine';
import { toMarkdown, type Budget, type Results, type Row } from './report';
import { NEEDS, readSettings, SECTIONS, type Need } from './sections';
import { round } from './stats';

const NAMES = SECTIONS.flatMap((s) => s.names);
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const PARTIAL_DIR = fileURLToPath(new URL('../../node_modules/.cache/antidrift-bench', import.meta.url));

/** Section names from `section ...` or `--only a,b` (the same thing, for those who expect a flag); a section's key (badge) stands for its names (tab, os). */
function chosenNames(argv: string[]): string[] {
  const given = argv.flatMap((a, i) =>
    a === '--only' ? [] : argv[i - 1] === '--only' ? a.split(',') : a.startsWith('--only=') ? a.slice(7).split(',') : [a],
  );
  return given.filter((a) => a !== '').flatMap((a) => (NAMES.includes(a) ? [a] : (SECTIONS.find((s) => s.key === a)?.names ?? [a])));
}

export async function main(argv: string[]): Promise<number> {
  const names = chosenNames(argv);
  const unknown = names.filter((a) => !NAMES.includes(a));
  if (unknown.length > 0) {
    console.error(`unknown section(s): ${unknown.join(', ')}; choose from ${NAMES.join(', ')}`);
    return 2;
  }
  const chosen = new Set<string>(names.length > 0 ? names : NAMES);
  const sectionsToRun = SECTIONS.filter((s) => s.names.some((n) => chosen.has(n)));
  const settings = readSettings();
  const needs = new Set<Need>(sectionsToRun.flatMap((s) => s.needs));
  try {
    for (const need of needs) NEEDS[need].check?.();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const machine = machineInfo();
  console.log(
    `bench on ${machine.cpuModel} × ${machine.cores}, load ${machine.loadAverageAtStart.join(' ')}; sections: ${[...chosen].join(', ')}`,
  );
  console.log(`needs: ${needs.size > 0 ? [...needs].map((n) => NEEDS[n].what).join('; ') : 'nothing built'}`);
  if (machine.loadAverageAtStart[0]! > 1.5)
    console.log(`note: the 1-minute load average is ${machine.loadAverageAtStart[0]} — expect noisy numbers`);
  const started = performance.now();
  const sections: Record<string, unknown> = {};
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  const step = (name: string): void => console.log(`[${Math.round((performance.now() - started) / 1000)} s] ${name}…`);

  for (const section of sectionsToRun) {
    step(section.title);
    sections[section.key] = await section.run({ settings, chosen, rows, budgets, step });
  }

  const results: Results = {
    generatedAt: new Date().toISOString(),
    durationSeconds: round((performance.now() - started) / 1000, 1),
    machine,
    loadAverageAtEnd: loadAverage(),
    settings: { ...settings },
    sections,
    rows,
    budgets,
  };
  const full = chosen.size === NAMES.length;
  const dir = full ? BENCH_DIR : PARTIAL_DIR;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, full ? 'results.json' : 'results.partial.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, full ? 'results.md' : 'results.partial.md'), toMarkdown(results));
  console.log(`\n${toMarkdown(results)}`);
  console.log(`results written to ${dir}${full ? '' : ' (partial run: bench/results.* untouched)'}`);
  const missed = budgets.filter((b) => !b.pass);
  for (const b of missed) console.error(`budget missed: ${b.what}: ${b.measured} (limit ${b.limit})`);
  return missed.length > 0 ? 1 : 0;
}

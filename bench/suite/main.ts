// The bench suite's entry: runs the chosen sections of the table in sections.ts, rewrites the results files as each ends, exits 1 when a section failed or a budget was missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, machineInfo } from './machine';
import { toMarkdown, type Budget, type Results, type Row, type SectionOutcome } from './report';
import { NEEDS, readSettings, SECTIONS, type Need } from './sections';
import { round } from './stats';

const NAMES = SECTIONS.flatMap((s) => s.names);
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const PARTIAL_DIR = fileURLToPath(new URL('../../node_modules/.cache/antidrift-bench', import.meta.url));
/** A quick run's files: never bench/results.*, which hold the last full run's figures. */
const QUICK_DIR = fileURLToPath(new URL('../../artifacts/bench-quick', import.meta.url));

/** Section names from `section ...` or `--only a,b` (the same thing, for those who expect a flag); a section's key (badge) stands for its names (tab, os). */
function chosenNames(argv: string[]): string[] {
  const given = argv.flatMap((a, i) =>
    a === '--only' ? [] : argv[i - 1] === '--only' ? a.split(',') : a.startsWith('--only=') ? a.slice(7).split(',') : [a],
  );
  return given.filter((a) => a !== '').flatMap((a) => (NAMES.includes(a) ? [a] : (SECTIONS.find((s) => s.key === a)?.names ?? [a])));
}

/** Where a run's files go and what they are called: a full run's are bench/results.*. */
function outputOf(quick: boolean, full: boolean): { dir: string; base: string; note: string } {
  if (quick) return { dir: QUICK_DIR, base: 'results', note: ' (quick run: bench/results.* untouched)' };
  if (full) return { dir: BENCH_DIR, base: 'results', note: '' };
  return { dir: PARTIAL_DIR, base: 'results.partial', note: ' (partial run: bench/results.* untouched)' };
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

export async function main(argv: string[]): Promise<number> {
  // `--list`: the sections, for the test that runs them all (tests/e2e/bench-quick.test.ts), which may not import the bench.
  if (argv.includes('--list')) {
    console.log(JSON.stringify(SECTIONS.map((s) => ({ key: s.key, names: s.names, title: s.title }))));
    return 0;
  }
  const quick = argv.includes('--quick');
  const names = chosenNames(argv.filter((a) => a !== '--quick'));
  const unknown = names.filter((a) => !NAMES.includes(a));
  if (unknown.length > 0) {
    console.error(`unknown section(s): ${unknown.join(', ')}; choose from ${NAMES.join(', ')} (and --quick)`);
    return 2;
  }
  const chosen = new Set<string>(names.length > 0 ? names : NAMES);
  const sectionsToRun = SECTIONS.filter((s) => s.names.some((n) => chosen.has(n)));
  const needs = new Set<Need>(sectionsToRun.flatMap((s) => s.needs));
  let settings;
  try {
    settings = readSettings(quick);
    for (const need of needs) NEEDS[need].check?.();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const machine = machineInfo();
  console.log(
    `bench${quick ? ' (quick)' : ''} on ${machine.cpuModel} × ${machine.cores}, load ${machine.loadAverageAtStart.join(' ')}; sections: ${[...chosen].join(', ')}`,
  );
  console.log(`needs: ${needs.size > 0 ? [...needs].map((n) => NEEDS[n].what).join('; ') : 'nothing built'}`);
  if (machine.loadAverageAtStart[0]! > 1.5)
    console.log(`note: the 1-minute load average is ${machine.loadAverageAtStart[0]} — expect noisy numbers`);
  const started = performance.now();
  const sections: Record<string, unknown> = {};
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  const outcomes: SectionOutcome[] = sectionsToRun.map((s) => ({ key: s.key, title: s.title, status: 'pending' }));
  const step = (name: string): void => console.log(`[${Math.round((performance.now() - started) / 1000)} s] ${name}…`);
  const output = outputOf(quick, chosen.size === NAMES.length);
  const results = (complete: boolean): Results => ({
    generatedAt: new Date().toISOString(),
    durationSeconds: round((performance.now() - started) / 1000, 1),
    quick,
    complete,
    outcomes,
    machine,
    loadAverageAtEnd: loadAverage(),
    settings: { ...settings },
    sections,
    rows,
    budgets,
  });
  // Rewritten as each section ends: a run stopped later keeps every figure taken before.
  const write = (r: Results): void => {
    mkdirSync(output.dir, { recursive: true });
    writeFileSync(join(output.dir, `${output.base}.json`), `${JSON.stringify(r, null, 2)}\n`);
    writeFileSync(join(output.dir, `${output.base}.md`), toMarkdown(r));
  };

  for (const [i, section] of sectionsToRun.entries()) {
    step(section.title);
    const outcome = outcomes[i]!;
    const sectionStarted = performance.now();
    try {
      sections[section.key] = await section.run({ settings, chosen, rows, budgets, step });
      outcome.status = 'done';
    } catch (error) {
      // One section's failure is reported and the others still run: their figures are worth as much without it.
      outcome.status = 'failed';
      outcome.error = errorText(error);
      console.error(`section failed: ${section.title}\n${outcome.error}`);
    }
    outcome.seconds = round((performance.now() - sectionStarted) / 1000, 1);
    write(results(false));
  }

  const final = results(true);
  write(final);
  console.log(`\n${toMarkdown(final)}`);
  console.log(`results written to ${output.dir}${output.note}`);
  const failed = outcomes.filter((o) => o.status === 'failed');
  for (const o of failed) console.error(`section failed: ${o.title}: ${o.error?.split('\n')[0]}`);
  const missed = budgets.filter((b) => !b.pass);
  for (const b of missed)
    console.error(`budget missed${quick ? ' (quick run: not judged)' : ''}: ${b.what}: ${b.measured} (limit ${b.limit})`);
  return failed.length > 0 || (!quick && missed.length > 0) ? 1 : 0;
}

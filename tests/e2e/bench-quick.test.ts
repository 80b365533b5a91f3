// Keeps `npm run bench` able to run to its end: every section of it on the least input it takes (`--quick`), each of which must finish.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../harness/builds';
import { REPO_ROOT } from '../../harness/chromium';
import { desktopRoots } from '../../harness/desktop-roots';

const RUN = join(REPO_ROOT, 'bench', 'run.mjs');
/** Where a quick run writes its results (bench/suite/main.ts); bench/results.* hold the last full run's and must stay as they are. */
const QUICK_RESULTS = join(REPO_ROOT, 'artifacts', 'bench-quick', 'results.json');
const FULL_RESULTS = ['results.json', 'results.md'].map((name) => join(REPO_ROOT, 'bench', name));
const LOG = join(REPO_ROOT, 'artifacts', 'test-logs', 'bench-quick.log');

interface ListedSection {
  key: string;
  title: string;
}

interface QuickResults {
  quick: boolean;
  complete: boolean;
  outcomes: { key: string; title: string; status: string; error?: string }[];
  sections: Record<string, unknown>;
  budgets: { id: string; measured: string; pass: boolean }[];
}

/** The content of each file, or null when it is missing. */
function fingerprint(files: string[]): (string | null)[] {
  return files.map((f) => (existsSync(f) ? createHash('sha256').update(readFileSync(f)).digest('hex') : null));
}

/** Runs the bench with `args` and without the person's BENCH_* knobs; resolves with its exit code and everything it printed. */
function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_')));
  const child = spawn(process.execPath, [RUN, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('npm run bench -- --quick', () => {
  beforeAll(async () => {
    // The bench's Firefox section needs the Firefox build, which the e2e tier's global setup does not build.
    ensureBuilt(['firefox']);
    // Its desktops section runs in the trixie and sid roots: on a first run `npm test` may still be building them beside this tier.
    await desktopRoots();
  }, 30 * 60_000);

  it(
    'runs every section to its end, writing only its own results',
    async () => {
      const sections = JSON.parse(execFileSync(process.execPath, [RUN, '--list'], { cwd: REPO_ROOT, encoding: 'utf8' })) as ListedSection[];
      expect(sections.length).toBeGreaterThan(0);
      const before = fingerprint(FULL_RESULTS);
      rmSync(QUICK_RESULTS, { force: true });

      const { code, output } = await runBench(['--quick']);
      mkdirSync(join(LOG, '..'), { recursive: true });
      writeFileSync(LOG, output);
      const tail = `\n(the bench's output: ${LOG})\n${output.slice(-3000)}`;

      expect(existsSync(QUICK_RESULTS), `no ${QUICK_RESULTS}${tail}`).toBe(true);
      const results = JSON.parse(readFileSync(QUICK_RESULTS, 'utf8')) as QuickResults;
      expect(results.quick).toBe(true);
      const failed = results.outcomes.filter((o) => o.status !== 'done').map((o) => `${o.title}: ${o.status} ${o.error ?? ''}`);
      expect(failed, `sections that did not finish${tail}`).toEqual([]);
      // Every section of the table ran, in its order, and left its data.
      expect(results.outcomes.map((o) => o.key)).toEqual(sections.map((s) => s.key));
      expect(Object.keys(results.sections).sort()).toEqual(sections.map((s) => s.key).sort());
      expect(results.complete).toBe(true);
      // The workday is replayed whole even in a quick run: its person allowed the backend, so the calls were made and the drifts flagged.
      const workday = results.budgets.filter((b) => b.id.startsWith('workday-'));
      expect(workday.map((b) => b.id).sort()).toEqual(['workday-calls', 'workday-nudges']);
      expect(workday.filter((b) => !b.pass)).toEqual([]);
      expect(code, `the bench's exit code${tail}`).toBe(0);
      expect(fingerprint(FULL_RESULTS), 'a quick run wrote bench/results.*').toEqual(before);
    },
    15 * 60_000,
  );
});

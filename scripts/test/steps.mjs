// The steps of `npm test`: what each runs, what it waits for, how much of the machine it takes, and the tier it is counted in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rootPath, SUITES } from '../desktops/roots.mjs';

const node = process.execPath;
const bin = (root, name) => join(root, 'node_modules', '.bin', name);
const vitest = (root, ...args) => [node, join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...args];

/**
 * One step: `run` is a list of commands run one after another (each timed), `vitest` a vitest run (its files timed),
 * `vitestVia` a script that runs vitest with the arguments it is given. `after`: steps that must have passed first.
 * `load`: the cores it keeps busy (its CPU over its wall time, measured alone on two cores; the table's `cpu` column).
 * The scheduler (scripts/test/run.mjs) starts steps in this order of priority, each once what it waits for has passed
 * and the running ones leave it room within CAPACITY (`nice`: at the lowest CPU priority, taking no room). The plan
 * it gives on two cores: the builds and the pure tiers first; then the Chromium tier (the longest) with the desktops
 * and Firefox, the browsers mostly waiting, and lint and the typecheck on the CPU they leave; the host tier once
 * Firefox is done.
 */
export function steps(root) {
  const rootsBuilt = Object.keys(SUITES).every((suite) => existsSync(join(rootPath(suite), '.antidrift-root')));
  return [
    { id: 'system', tier: 'system packages', load: 0, run: [['bash', 'scripts/install-system-deps.sh']] },
    // mmdebstrap downloads and unpacks: it waits on the network and the disk far more than it computes.
    { id: 'roots', tier: 'desktop roots', after: ['system'], load: rootsBuilt ? 0 : 0.5, run: [[node, 'scripts/desktops/roots.mjs']] },
    {
      id: 'builds',
      tier: 'builds and packages',
      load: 1,
      // One after another: the WXT builds share .wxt/.
      run: [
        ['npm', 'run', 'build:extension'],
        ['npm', 'run', 'build:host'],
        ['npm', 'run', 'build:firefox'],
        ['npm', 'run', 'build:e2e'],
        ['npm', 'run', 'package'],
      ],
    },
    // Pure code, the fake browser and happy-dom: nothing built, so it runs beside the builds.
    { id: 'unit', tier: 'unit, ext, ui', load: 1, vitest: ['--project', 'unit', '--project', 'ext', '--project', 'ui'] },
    // Two Chromiums side by side (vitest.config.ts), mostly waiting on them: 4:26 of CPU in 5:50 alone.
    { id: 'e2e', tier: 'e2e Chromium', after: ['builds', 'system'], load: 0.6, vitest: ['--project', 'e2e'] },
    {
      id: 'desktops',
      tier: 'desktops',
      after: ['builds', 'roots'],
      // Half a core (2:00 of CPU in 4:00 alone): most of it is a compositor's start and the idle helper watched for seconds.
      load: 0.4,
      // As root, or through passwordless sudo (run-tier.mjs); its vitest arguments are passed through.
      vitestVia: [node, 'scripts/desktops/run-tier.mjs'],
    },
    // One Firefox at a time (vitest.config.ts): mostly waiting on it, but a Firefox starting is busy.
    { id: 'firefox', tier: 'e2e Firefox', after: ['builds', 'system'], load: 0.6, vitest: ['--project', 'e2e-firefox'] },
    { id: 'host', tier: 'host', after: ['builds', 'system'], load: 0.9, vitest: ['--project', 'host'] },
    // Nothing waits for these: they run at the lowest CPU priority (`nice`) beside the browser tiers, on what those leave idle.
    { id: 'tsc', tier: 'lint, format, typecheck', after: ['builds'], load: 0, nice: true, run: [[bin(root, 'tsc'), '--noEmit']] },
    { id: 'eslint', tier: 'lint, format, typecheck', after: ['builds'], load: 0, nice: true, run: [[bin(root, 'eslint'), '.']] },
    {
      id: 'prettier',
      tier: 'lint, format, typecheck',
      after: ['builds'],
      load: 0,
      nice: true,
      run: [[bin(root, 'prettier'), '--check', '.']],
    },
    {
      id: 'weblint',
      tier: 'web-ext lint',
      after: ['builds'],
      load: 0,
      nice: true,
      // A warning fails it too: AMO's reviewers read every one, and the 61 that crept in once went unnoticed while this step passed.
      run: [[bin(root, 'web-ext'), 'lint', '--source-dir', '.output/firefox-mv3', '--no-input', '--warnings-as-errors']],
    },
  ].map((step) => ({ after: [], ...step, vitestCommand: step.vitest ? vitest(root, ...step.vitest) : undefined }));
}

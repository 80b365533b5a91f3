// The shape of the bench's sections: what each needs on the machine, its settings, and what it reports into.
import { assertExtensionBuilt } from './footprint';
import { assertHostBuilt } from './host-process';
import { type Budget, type Row } from './report';

/** What a section needs on the machine; those with a check are checked before anything runs, so a run fails at once, not an hour in. */
export type Need = 'host' | 'extension' | 'firefox-build' | 'release' | 'chromium' | 'firefox' | 'xvfb' | 'sway' | 'desktop-roots';
export const NEEDS: Record<Need, { what: string; check?: () => void }> = {
  host: { what: 'the built host (npm run build)', check: assertHostBuilt },
  extension: { what: 'the Chromium build (npm run build)', check: assertExtensionBuilt },
  'firefox-build': { what: 'the Firefox build (npm run build:firefox)' },
  release: { what: "the helper's npm package in release/ (npm run package)" },
  chromium: { what: 'Chromium' },
  firefox: { what: 'Firefox ESR' },
  xvfb: { what: 'Xvfb + openbox, xdotool' },
  sway: { what: 'sway and foot' },
  'desktop-roots': { what: 'the trixie and sid roots (root or passwordless sudo the first time)' },
};

export interface Settings {
  switches: number;
  idleSeconds: number;
  badgeSwitches: number;
  runnerSamples: number;
  throughputRuns: number;
  soakMinutes: number;
  historyOpens: number;
  coldSwitches: number;
  hostSpawns: number;
  browserStarts: number;
  blockedVisits: number;
}

function numberEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/** Sample counts, each overridable from the environment (bench/README.md lists them). */
export function readSettings(): Settings {
  return {
    switches: numberEnv('BENCH_SWITCHES', 60, 1),
    idleSeconds: numberEnv('BENCH_IDLE_SECONDS', 60, 1),
    badgeSwitches: numberEnv('BENCH_BADGE_SWITCHES', 50, 1),
    runnerSamples: numberEnv('BENCH_RUNNER_SAMPLES', 100, 1),
    throughputRuns: numberEnv('BENCH_THROUGHPUT_RUNS', 5, 1),
    soakMinutes: numberEnv('BENCH_SOAK_MINUTES', 10, 0.1),
    historyOpens: numberEnv('BENCH_HISTORY_OPENS', 20, 1),
    coldSwitches: numberEnv('BENCH_COLD_SWITCHES', 30, 1),
    hostSpawns: numberEnv('BENCH_HOST_SPAWNS', 30, 1),
    browserStarts: numberEnv('BENCH_BROWSER_STARTS', 10, 1),
    blockedVisits: numberEnv('BENCH_BLOCKED_VISITS', 30, 1),
  };
}

export interface SectionContext {
  settings: Settings;
  /** The names chosen on the command line: a section with two names (tab, os) runs only the chosen part. */
  chosen: ReadonlySet<string>;
  rows: Row[];
  budgets: Budget[];
  /** Logs a progress line with the elapsed time. */
  step(line: string): void;
}

export interface Section {
  /** The key of its raw data in results.json's `sections`. */
  key: string;
  /** The command-line names that select it. */
  names: readonly string[];
  /** The progress line printed when it starts. */
  title: string;
  needs: readonly Need[];
  /** Pushes its rows and budgets into the context; returns its raw data. */
  run(ctx: SectionContext): Promise<unknown>;
}

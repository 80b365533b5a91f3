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
  /** Quiet time before the idle CPU is measured (V8's one-off GC after activity falls in it). */
  idleSettleSeconds: number;
  badgeSwitches: number;
  popupOpens: number;
  runnerSamples: number;
  throughputRuns: number;
  throughputSeconds: number;
  soakMinutes: number;
  hostMemoryFrames: number;
  historyOpens: number;
  /** Days of generated history the History page is opened over. */
  historyDays: number;
  coldSwitches: number;
  /** The pause after each cold wake, so one wake's host start does not spill into the next. */
  coldWakeGapMs: number;
  hostSpawns: number;
  browserStarts: number;
  blockedVisits: number;
}

/** Each setting's environment variable and its least value. */
const KNOBS: Record<keyof Settings, [string, number]> = {
  switches: ['BENCH_SWITCHES', 1],
  idleSeconds: ['BENCH_IDLE_SECONDS', 1],
  idleSettleSeconds: ['BENCH_IDLE_SETTLE_SECONDS', 0],
  badgeSwitches: ['BENCH_BADGE_SWITCHES', 1],
  popupOpens: ['BENCH_POPUP_OPENS', 1],
  runnerSamples: ['BENCH_RUNNER_SAMPLES', 1],
  throughputRuns: ['BENCH_THROUGHPUT_RUNS', 1],
  throughputSeconds: ['BENCH_THROUGHPUT_SECONDS', 0.05],
  soakMinutes: ['BENCH_SOAK_MINUTES', 0.1],
  hostMemoryFrames: ['BENCH_HOST_MEMORY_FRAMES', 100],
  historyOpens: ['BENCH_HISTORY_OPENS', 1],
  historyDays: ['BENCH_HISTORY_DAYS', 7],
  coldSwitches: ['BENCH_COLD_SWITCHES', 1],
  coldWakeGapMs: ['BENCH_COLD_WAKE_GAP_MS', 0],
  hostSpawns: ['BENCH_HOST_SPAWNS', 1],
  browserStarts: ['BENCH_BROWSER_STARTS', 1],
  blockedVisits: ['BENCH_BLOCKED_VISITS', 1],
};

/** A full run's counts and durations. */
const FULL: Settings = {
  switches: 60,
  idleSeconds: 60,
  idleSettleSeconds: 30,
  badgeSwitches: 50,
  popupOpens: 30,
  runnerSamples: 100,
  throughputRuns: 5,
  throughputSeconds: 1,
  soakMinutes: 10,
  hostMemoryFrames: 10_000,
  historyOpens: 20,
  historyDays: 365,
  coldSwitches: 30,
  coldWakeGapMs: 1_500,
  hostSpawns: 30,
  browserStarts: 10,
  blockedVisits: 30,
};

/** `--quick`: each section's real path on the least input it takes, to show the bench runs, not to measure anything. */
const QUICK: Settings = Object.fromEntries(Object.entries(KNOBS).map(([key, [, least]]) => [key, least])) as unknown as Settings;

function numberEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/** Sample counts and durations (a full run's, or the least each takes when `quick`), each overridable from the environment (bench/README.md lists them). */
export function readSettings(quick = false): Settings {
  const base = quick ? QUICK : FULL;
  const entries = Object.entries(KNOBS) as [keyof Settings, [string, number]][];
  return Object.fromEntries(entries.map(([key, [name, least]]) => [key, numberEnv(name, base[key], least)])) as unknown as Settings;
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

// Test tiers: unit (pure code), ext (the background on WXT's fake browser), ui (Preact components, happy-dom), host (the built host spawned),
// desktops (newer GNOME, KWin, labwc, sway in Debian trixie/sid roots), e2e (real Chromium), e2e-firefox (Firefox ESR over WebDriver BiDi).
// A tier that runs built files builds them in its global setup when they are missing or older than their sources (harness/builds.ts).
// `npm test` names each tier it runs; a bare `npx vitest run` runs every tier this machine can, one after another, and
// `npx vitest` watches the pure ones (harness/vitest-tiers.ts).
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { chooseTiers, missingSystemPackages, TIER_ORDER, type Tier } from './harness/vitest-tiers.ts';

const choice = chooseTiers(
  { argv: process.argv, env: process.env },
  { missingPackages: missingSystemPackages, isRoot: process.getuid?.() === 0 },
);
if (choice.notice) console.log(choice.notice);

/**
 * A tier as vitest runs it: in its own group (`sequence.groupOrder`), so one vitest running several runs them one after
 * another, each with its own workers (vitest refuses projects of one group with different `maxWorkers`).
 */
function tiers(projects: (TestProjectInlineConfiguration & { test: { name: Tier } })[]): TestProjectInlineConfiguration[] {
  return projects
    .filter((p) => choice.tiers.includes(p.test.name))
    .map((p) => ({ ...p, test: { ...p.test, sequence: { groupOrder: TIER_ORDER.indexOf(p.test.name) } } }));
}

export default defineConfig({
  test: {
    projects: tiers([
      // unit, ext and ui share one module graph per worker (isolate: false): importing it again for each file was three
      // quarters of their time. So a file leaves no global state behind: ext's harness resets the fake browser and
      // the background before each test, ui's testing library unmounts after each.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'ext',
          include: ['tests/ext/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/ext/setup.ts'],
        },
      },
      {
        plugins: [WxtVitest()],
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'happy-dom', isolate: false },
      },
      {
        test: {
          name: 'host',
          include: ['tests/host/**/*.test.ts'],
          // The host tests run the bundled native-host/dist file, and release.test.ts reads release/: built first if missing or stale.
          globalSetup: ['tests/host/global-setup.ts'],
          environment: 'node',
          // Budgets for a machine `npm test` shares with the browser tiers (alone, the slowest test takes 15 s).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Host tests spawn processes and an X server; two cores are shared with the rest.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'desktops',
          include: ['tests/desktops/**/*.test.ts'],
          // Builds the host if missing or stale, builds or reuses the trixie and sid roots (scripts/desktops/roots.mjs), then runs each desktop inside its root.
          globalSetup: ['tests/desktops/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One compositor at a time: two cores, and the idle-CPU check must not share them with another desktop.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The built extension, host and release/ (built first if missing or stale) and one private X display.
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          // A compositor (sway, KWin) may take up to COMPOSITOR_START_MS to come up beside the other tiers.
          hookTimeout: 120_000,
          // Two files side by side, each browser on an X display of its own (focus and idle time are per display):
          // most of a browser test is waiting for the browser. Three were no faster on two cores, and starved the other tiers.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e-firefox',
          include: ['tests/firefox/**/*.test.ts'],
          // Firefox ESR over WebDriver BiDi, headless, with the Firefox build, the built host and release/ (built first if missing or stale).
          globalSetup: ['tests/firefox/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // One Firefox at a time: a Firefox starting keeps a core busy, and `npm test` runs this tier beside the Chromium one.
          fileParallelism: false,
        },
      },
    ]),
  },
});

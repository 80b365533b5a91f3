// Which test tiers a vitest started without `--project` runs: all that this machine can, in order, saying which need `npm test`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The tiers, in the order they run when one vitest runs several (`sequence.groupOrder`): the pure ones first, the slowest last. */
export const TIER_ORDER = ['unit', 'ext', 'ui', 'host', 'e2e', 'e2e-firefox', 'desktops'] as const;
export type Tier = (typeof TIER_ORDER)[number];

/** Tiers that run on pure code, the fake browser and happy-dom: nothing to install, nothing to build, fit for watch mode. */
const PURE: readonly Tier[] = ['unit', 'ext', 'ui'];

export interface TierChoice {
  /** The tiers vitest is given. */
  tiers: Tier[];
  /** One line per tier left out, with why, or null when none is. */
  notice: string | null;
}

/** What the invocation asks for, from vitest's own arguments. */
export interface Invocation {
  argv: readonly string[];
  /** `npm test` (scripts/test/run.mjs) sets ANTIDRIFT_TEST_RUN=1 and names every project it runs. */
  env: Readonly<Record<string, string | undefined>>;
}

/** The system packages the tiers need, or the ones missing (`scripts/install-system-deps.sh --check`, which installs nothing). */
export function missingSystemPackages(): string | null {
  const script = fileURLToPath(new URL('../scripts/install-system-deps.sh', import.meta.url));
  const result = spawnSync('bash', [script, '--check'], { encoding: 'utf8' });
  if (result.status === 0) return null;
  return (result.stdout || result.stderr || 'unknown').trim().split('\n')[0] ?? 'unknown';
}

/**
 * The choice, given the facts (kept apart from the probes so a unit test can hold it). Named projects (`--project`, as
 * `npm test` and the `test:*` scripts pass) get every tier: vitest filters them itself. Watch mode (no `run`, as editors'
 * integrations start it) gets the pure tiers. A bare `run` gets every tier this machine can run.
 */
export function chooseTiers(invocation: Invocation, facts: { missingPackages: () => string | null; isRoot: boolean }): TierChoice {
  const { argv } = invocation;
  const named = argv.some((a) => a === '--project' || a.startsWith('--project='));
  if (named || invocation.env.ANTIDRIFT_TEST_RUN === '1') return { tiers: [...TIER_ORDER], notice: null };
  const run = argv.includes('run') || argv.includes('--run') || argv.includes('--watch=false') || argv.includes('--no-watch');
  const heavy = TIER_ORDER.filter((t) => !PURE.includes(t));
  if (!run) {
    return {
      tiers: [...PURE],
      notice: `vitest: watching the ${PURE.join(', ')} tiers; ${heavy.join(', ')} run with \`npx vitest run\` or \`npm test\`.`,
    };
  }
  const missing = facts.missingPackages();
  if (missing) {
    return {
      tiers: [...PURE],
      notice:
        `vitest: running ${PURE.join(', ')}; ${heavy.join(', ')} need system packages this machine lacks (${missing}): ` +
        '`npm test` installs them (as root or with passwordless sudo) and runs every tier.',
    };
  }
  if (!facts.isRoot) {
    return {
      tiers: TIER_ORDER.filter((t) => t !== 'desktops'),
      notice: 'vitest: the desktops tier runs Debian roots in chroots, which needs root: `npm test` runs it through sudo.',
    };
  }
  return { tiers: [...TIER_ORDER], notice: null };
}

// The tiers a vitest without `--project` runs: watch mode the pure ones, a bare run all this machine can, `npm test` all it names.
import { describe, expect, it } from 'vitest';
import { chooseTiers, TIER_ORDER } from '../../../harness/vitest-tiers';

const present: Facts = { missingPackages: () => null, isRoot: true };
type Facts = Parameters<typeof chooseTiers>[1];
const choose = (argv: string[], facts = present, env: Record<string, string> = {}) =>
  chooseTiers({ argv: ['node', 'vitest.mjs', ...argv], env }, facts);

describe('chooseTiers', () => {
  it('gives every tier to named projects and to npm test, and asks nothing of the machine', () => {
    const probe: Facts = { missingPackages: () => 'chromium', isRoot: false };
    expect(choose(['run', '--project', 'unit'], probe)).toEqual({ tiers: [...TIER_ORDER], notice: null });
    expect(choose(['run', '--project=e2e*'], probe).tiers).toEqual([...TIER_ORDER]);
    expect(choose(['run'], probe, { ANTIDRIFT_TEST_RUN: '1' }).tiers).toEqual([...TIER_ORDER]);
  });

  it('watches the pure tiers only, and says how to run the rest', () => {
    const choice = choose([]);
    expect(choice.tiers).toEqual(['unit', 'ext', 'ui']);
    expect(choice.notice).toContain('npx vitest run');
    expect(choose(['watch']).tiers).toEqual(['unit', 'ext', 'ui']);
  });

  it('runs every tier on a machine that has what they need, as root', () => {
    expect(choose(['run'])).toEqual({ tiers: [...TIER_ORDER], notice: null });
    expect(choose(['--run']).tiers).toEqual([...TIER_ORDER]);
  });

  it('runs the pure tiers where system packages are missing, and names them and npm test', () => {
    const choice = choose(['run'], { missingPackages: () => 'chromium firefox-esr', isRoot: true });
    expect(choice.tiers).toEqual(['unit', 'ext', 'ui']);
    expect(choice.notice).toContain('chromium firefox-esr');
    expect(choice.notice).toContain('`npm test` installs them');
  });

  it('leaves the desktops tier to npm test when not root', () => {
    const choice = choose(['run'], { missingPackages: () => null, isRoot: false });
    expect(choice.tiers).toEqual(TIER_ORDER.filter((t) => t !== 'desktops'));
    expect(choice.notice).toContain('needs root');
  });
});

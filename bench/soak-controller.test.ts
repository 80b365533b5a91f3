// Long controller soak (1 000 000 observations per seed); not part of `npm test`:
//   npx vitest run --config bench/soak.vitest.config.ts
import { expect, it } from 'vitest';
import { describeSoak, runControllerSoak } from '../harness/soak-controller';

const OBSERVATIONS = Number(process.env.SOAK_OBSERVATIONS ?? 1_000_000);
const SEEDS = (process.env.SOAK_SEEDS ?? '5eed,d1f7').split(',').map((s) => Number.parseInt(s, 16));

it.each(SEEDS.map((seed) => [seed.toString(16), seed]))('seed 0x%s: every invariant holds', (_label, seed) => {
  const started = Date.now();
  const report = runControllerSoak({ seed, observations: OBSERVATIONS });
  console.log(describeSoak(report, Date.now() - started));
  expect(report.observations).toBe(OBSERVATIONS);
});

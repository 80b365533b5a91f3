// Soak of the controller: 100 000 seeded observations with disconnects, restarts, late and lost answers (1M: bench/).
import { describe, expect, it } from 'vitest';
import { describeSoak, runControllerSoak } from '../../../../harness/soak-controller';

describe('controller soak', () => {
  it.each([['c0ffee', 0xc0ffee]])(
    'seed 0x%s: 100 000 observations, every invariant holds after every event',
    (_label, seed) => {
      const started = Date.now();
      const report = runControllerSoak({ seed, observations: 100_000 });
      console.log(describeSoak(report, Date.now() - started));
      expect(report.observations).toBe(100_000);
      // The run really exercised what it claims to (a soak that never hits the cases proves nothing).
      for (const key of [
        'judges launched',
        'judges answered late',
        'judges never answered',
        'nudges launched',
        'stale answers dropped',
        'host disconnects',
        'sessionEnded',
        'ticked',
        'worker restarts',
        'browser restarts',
      ]) {
        expect(report.counts[key] ?? 0, key).toBeGreaterThan(10);
      }
      expect(report.maxVerdicts).toBe(500); // the cache filled up and was held at its limit
    },
    60_000,
  );
});

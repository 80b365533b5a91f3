// End-to-end builds only: a clock a test moves forward, the same in every context (worker, pages, content script) through storage.local.
// Native `browser`, as the pages' connection uses (no polyfill pulled into every page through this module).
import { browser } from '@wxt-dev/browser';
import { readTestClock, TEST_CLOCK_KEY, testClockTime, type TestClockRecord } from './keys';

export interface TestClock {
  now(): number;
  /** Settles once the stored offset is read (before it, the machine's clock). */
  ready: Promise<void>;
  /** Called after the offset moved while this context runs. */
  onMoved(listener: () => void): void;
}

/**
 * The worker's clock (`role: 'worker'`) takes the time that passed while the browser was closed into its
 * offset when it starts; a page's follows the offset as stored, both kinds of time included.
 */
export function testClock(role: 'worker' | 'page'): TestClock {
  let offset = 0;
  let frozenAt = 0;
  const listeners: Array<() => void> = [];
  const effective = (r: TestClockRecord) => r.offsetMs + r.atNextStartMs;
  const ready = browser.storage.local
    .get(TEST_CLOCK_KEY)
    .then(async (stored) => {
      const record = readTestClock(stored[TEST_CLOCK_KEY]);
      offset = effective(record);
      frozenAt = record.frozenAtMs;
      if (role === 'worker' && record.atNextStartMs > 0)
        await browser.storage.local.set({
          [TEST_CLOCK_KEY]: { offsetMs: offset, atNextStartMs: 0, frozenAtMs: frozenAt } satisfies TestClockRecord,
        });
    })
    .catch(() => {});
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !(TEST_CLOCK_KEY in changes)) return;
    const record = readTestClock(changes[TEST_CLOCK_KEY]?.newValue);
    // A running worker lives through no closed browser: only the offset moves it.
    const next = role === 'worker' ? record.offsetMs : effective(record);
    if (next === offset && record.frozenAtMs === frozenAt) return;
    offset = next;
    frozenAt = record.frozenAtMs;
    for (const listener of listeners) listener();
  });
  return {
    now: () => testClockTime({ offsetMs: offset, atNextStartMs: 0, frozenAtMs: frozenAt }, Date.now()),
    ready,
    onMoved: (listener) => void listeners.push(listener),
  };
}

/**
 * A page's or content script's clock: the machine's, or in the end-to-end build the test clock the worker follows.
 * The constant makes every other build drop the test clock with this branch.
 */
export function pageNow(): () => number {
  return import.meta.env.ANTIDRIFT_TEST_HOOKS ? testClock('page').now : () => Date.now();
}

// End-to-end builds only: the worker's movable clock (due alarms fire when it moves) and an away state a test can set.
import { browser } from 'wxt/browser';
import { testClock } from '../test-hooks/clock';
import { readTestIdle, TEST_IDLE_KEY, type TestIdleState } from '../test-hooks/keys';
import type { IdlePort, IdleReading } from './observe/idle';

export interface WorkerTestHooks {
  now(): number;
  /** Hydration waits for it: the stored state is read at the test's time, not the machine's. */
  ready: Promise<void>;
  /** Whenever the clock moves: each alarm now due fires as the browser would fire it (and, one-shot, is gone). */
  fireDueAlarms(route: (alarm: { name: string; scheduledTime: number }) => void): void;
  /** The browser's idle API, unless a test says where the person is: then that, until the test takes it back. */
  idle(real: IdlePort | null): IdlePort;
}

export function workerTestHooks(): WorkerTestHooks {
  const clock = testClock('worker');
  return {
    now: clock.now,
    ready: clock.ready,
    fireDueAlarms(route) {
      // Serialised: two moves in a row must not fire one alarm twice.
      let chain = Promise.resolve();
      clock.onMoved(() => {
        chain = chain
          .then(async () => {
            for (const alarm of await browser.alarms.getAll()) {
              if (alarm.scheduledTime > clock.now()) continue;
              // Cleared before it runs: what it runs may arm the same alarm again.
              if (!alarm.periodInMinutes) await browser.alarms.clear(alarm.name);
              route(alarm);
            }
          })
          .catch(() => {});
      });
    },
    idle(real) {
      let forced: TestIdleState | null = null;
      const listeners: Array<(state: IdleReading) => void> = [];
      const loaded = browser.storage.local
        .get(TEST_IDLE_KEY)
        .then((stored) => void (forced = readTestIdle(stored[TEST_IDLE_KEY])))
        .catch(() => {});
      browser.storage.onChanged.addListener((changes, area) => {
        if (area !== 'local' || !(TEST_IDLE_KEY in changes)) return;
        const next = readTestIdle(changes[TEST_IDLE_KEY]?.newValue);
        if (next === forced) return;
        forced = next;
        for (const listener of listeners) listener(next ?? 'active');
      });
      return {
        setThreshold: (seconds) => real?.setThreshold(seconds),
        query: async (seconds) => {
          await loaded;
          return forced ?? (real ? real.query(seconds) : 'active');
        },
        onChange: (listener) => {
          listeners.push(listener);
          // The browser's own changes count while no test holds the state.
          real?.onChange((state) => {
            if (forced === null) listener(state);
          });
        },
      };
    },
  };
}

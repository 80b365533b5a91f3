// The end-to-end build's test hooks on the fake browser: the clock every context follows, due alarms fired when it moves, a set away state.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workerTestHooks } from '../../background/test-hooks';
import type { IdlePort, IdleReading } from '../../background/observe/idle';
import { testClock } from '../../test-hooks/clock';
import { readTestClock, TEST_CLOCK_KEY, testClockTime, TEST_IDLE_KEY } from '../../test-hooks/keys';

const T0 = Date.UTC(2026, 11, 5, 12);

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => void vi.useRealTimers());

/** storage.onChanged listeners run after the write resolves: a few turns of the loop. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the stored record', () => {
  it.each([undefined, null, 'soon', { offsetMs: -5 }, { offsetMs: Number.NaN, atNextStartMs: '3' }])('%j is no offset at all', (value) => {
    expect(readTestClock(value)).toEqual({ offsetMs: 0, atNextStartMs: 0, frozenAtMs: 0 });
  });
});

describe('the test clock', () => {
  it("is the machine's clock until a test moves it; then every context is ahead by as much", async () => {
    const worker = testClock('worker');
    const page = testClock('page');
    await Promise.all([worker.ready, page.ready]);
    expect(worker.now()).toBe(T0);
    const moved = vi.fn();
    worker.onMoved(moved);
    await fakeBrowser.storage.local.set({ [TEST_CLOCK_KEY]: { offsetMs: 60_000, atNextStartMs: 0 } });
    await settle();
    expect(worker.now()).toBe(T0 + 60_000);
    expect(page.now()).toBe(T0 + 60_000);
    expect(moved).toHaveBeenCalledTimes(1);
  });

  it('time that passes while the browser is closed is counted by the next worker to start, not by the running one', async () => {
    const running = testClock('worker');
    await running.ready;
    await fakeBrowser.storage.local.set({ [TEST_CLOCK_KEY]: { offsetMs: 1_000, atNextStartMs: 62_000 } });
    await settle();
    expect(running.now()).toBe(T0 + 1_000);
    const next = testClock('worker');
    await next.ready;
    expect(next.now()).toBe(T0 + 63_000);
    // Taken into the offset once: the worker after it starts at the same time, not another minute on.
    expect((await fakeBrowser.storage.local.get(TEST_CLOCK_KEY))[TEST_CLOCK_KEY]).toEqual({
      offsetMs: 63_000,
      atNextStartMs: 0,
      frozenAtMs: 0,
    });
    expect(testClock('page').now()).toBe(T0);
    const page = testClock('page');
    await page.ready;
    expect(page.now()).toBe(T0 + 63_000);
  });

  it('frozen, it stands at that instant while the machine goes on, and moves only when a test moves it', async () => {
    const worker = testClock('worker');
    const page = testClock('page');
    await Promise.all([worker.ready, page.ready]);
    const moved = vi.fn();
    worker.onMoved(moved);
    const frozenAt = Date.UTC(2037, 2, 12, 15, 30);
    await fakeBrowser.storage.local.set({ [TEST_CLOCK_KEY]: { offsetMs: 0, atNextStartMs: 0, frozenAtMs: frozenAt } });
    await settle();
    expect(moved).toHaveBeenCalledTimes(1);
    vi.setSystemTime(T0 + 3_600_000);
    expect([worker.now(), page.now()]).toEqual([frozenAt, frozenAt]);
    await fakeBrowser.storage.local.set({ [TEST_CLOCK_KEY]: { offsetMs: 31_000, atNextStartMs: 0, frozenAtMs: frozenAt } });
    await settle();
    expect([worker.now(), page.now()]).toEqual([frozenAt + 31_000, frozenAt + 31_000]);
    expect(testClockTime({ offsetMs: 5, atNextStartMs: 0, frozenAtMs: 0 }, 100)).toBe(105);
  });
});

describe('alarms when the clock moves', () => {
  it('the due ones go through the route once and are gone; later ones stay', async () => {
    const hooks = workerTestHooks();
    await hooks.ready;
    const route = vi.fn();
    hooks.fireDueAlarms(route);
    await fakeBrowser.alarms.create('tick', { when: T0 + 30_000 });
    await fakeBrowser.alarms.create('plan', { when: T0 + 90_000 });
    await fakeBrowser.storage.local.set({ [TEST_CLOCK_KEY]: { offsetMs: 60_000, atNextStartMs: 0 } });
    await vi.waitFor(() => expect(route).toHaveBeenCalledTimes(1));
    expect(route.mock.calls[0]![0]).toMatchObject({ name: 'tick' });
    expect((await fakeBrowser.alarms.getAll()).map((a) => a.name)).toEqual(['plan']);
    await fakeBrowser.storage.local.set({ [TEST_CLOCK_KEY]: { offsetMs: 120_000, atNextStartMs: 0 } });
    await vi.waitFor(() => expect(route).toHaveBeenCalledTimes(2));
    expect(route.mock.calls[1]![0]).toMatchObject({ name: 'plan' });
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
  });
});

describe('the away state a test sets', () => {
  function realIdle(): IdlePort & { fire(state: IdleReading): void } {
    const listeners: Array<(s: IdleReading) => void> = [];
    return {
      setThreshold: () => {},
      query: async () => 'active',
      onChange: (l) => void listeners.push(l),
      fire: (state) => listeners.forEach((l) => l(state)),
    };
  }

  it("holds while set (the browser's own changes wait), and ending it is the person back", async () => {
    const real = realIdle();
    const idle = workerTestHooks().idle(real);
    const seen: IdleReading[] = [];
    idle.onChange((s) => seen.push(s));
    real.fire('idle');
    expect(seen).toEqual(['idle']);
    await fakeBrowser.storage.local.set({ [TEST_IDLE_KEY]: 'locked' });
    await settle();
    expect(await idle.query(15)).toBe('locked');
    real.fire('active');
    await fakeBrowser.storage.local.remove(TEST_IDLE_KEY);
    await settle();
    expect(seen).toEqual(['idle', 'locked', 'active']);
    expect(await idle.query(15)).toBe('active');
  });

  it('a state set before the worker started is what it finds', async () => {
    await fakeBrowser.storage.local.set({ [TEST_IDLE_KEY]: 'idle' });
    expect(await workerTestHooks().idle(realIdle()).query(15)).toBe('idle');
  });
});

// What the browser tiers do with the end-to-end build's hooks (test-hooks/): move the extension's clock, say the person is away.
import { TEST_CLOCK_KEY, TEST_IDLE_KEY, type TestClockRecord, type TestIdleState } from '../test-hooks/keys';

/** One change to the hooks' storage, made inside the extension. */
export type HookCall =
  | { op: 'clock'; key: string; ms: number; closed: boolean }
  | { op: 'away'; key: string; state: TestIdleState | null }
  | { op: 'now'; key: string }
  | { op: 'freeze'; key: string; at: number };

/** Runs `fn` with `call` in one of the extension's own contexts (Chromium's worker, a Firefox extension page). */
export type InExtension = (fn: (call: HookCall) => Promise<number>, call: HookCall) => Promise<number>;

/** Evaluated in the extension (self-contained: it is sent as source). Resolves with the extension's time afterwards. */
async function hookCall(call: HookCall): Promise<number> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  if (call.op === 'away') {
    if (call.state === null) await api.storage.local.remove(call.key);
    else await api.storage.local.set({ [call.key]: call.state });
    return Date.now();
  }
  const stored = ((await api.storage.local.get(call.key)) as Record<string, Partial<TestClockRecord> | undefined>)[call.key];
  const record = { offsetMs: stored?.offsetMs ?? 0, atNextStartMs: stored?.atNextStartMs ?? 0, frozenAtMs: stored?.frozenAtMs ?? 0 };
  if (call.op === 'clock') {
    if (call.closed) record.atNextStartMs += call.ms;
    else record.offsetMs += call.ms;
    await api.storage.local.set({ [call.key]: record });
  }
  if (call.op === 'freeze') {
    Object.assign(record, { frozenAtMs: call.at, offsetMs: 0 });
    await api.storage.local.set({ [call.key]: record });
  }
  // Self-contained (sent as source): testClockTime's rule, written out.
  return (record.frozenAtMs || Date.now()) + record.offsetMs;
}

/**
 * Moves the extension's clock `ms` forward: every context follows, and the alarms it made due fire at once
 * (what they do shows a moment later: poll for it). `closed`: time that passes while the browser is closed,
 * counted by the next worker to start. Resolves with the extension's time after the move.
 */
export function advanceClock(inExtension: InExtension, ms: number, closed = false): Promise<number> {
  return inExtension(hookCall, { op: 'clock', key: TEST_CLOCK_KEY, ms, closed });
}

/**
 * Stops the extension's clock at `at`: from then on only advanceClock moves it, so what a page shows of the time (elapsed, the time
 * of day, this week) is the same on every run. For the curated pictures; a frozen clock never thaws within a browser's life.
 */
export function freezeClock(inExtension: InExtension, at: number): Promise<number> {
  return inExtension(hookCall, { op: 'freeze', key: TEST_CLOCK_KEY, at });
}

/** The extension's time now. */
export function extensionNow(inExtension: InExtension): Promise<number> {
  return inExtension(hookCall, { op: 'now', key: TEST_CLOCK_KEY });
}

/** The person is away ('idle', 'locked') as the idle API would say, or back (null), without waiting for the browser to notice. */
export async function setAway(inExtension: InExtension, state: TestIdleState | null): Promise<void> {
  await inExtension(hookCall, { op: 'away', key: TEST_IDLE_KEY, state });
}

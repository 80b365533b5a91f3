// End-to-end builds only: the storage.local keys through which a test moves the extension's clock and says where the person is.

/** The storage.local key a test writes (tests/e2e and tests/firefox harnesses); release builds neither read nor know it. */
export const TEST_CLOCK_KEY = 'antidriftTestClock';

/**
 * `offsetMs`: how far this clock is ahead of the machine's. `atNextStartMs`: time that passes while the
 * browser is closed: the running worker ignores it, the next one to start adds it to the offset.
 * `frozenAtMs`: when not 0, the clock stands at that instant plus the offset and only a test moves it (the
 * curated pictures: the same times on every run).
 */
export interface TestClockRecord {
  offsetMs: number;
  atNextStartMs: number;
  frozenAtMs: number;
}

const ZERO: TestClockRecord = { offsetMs: 0, atNextStartMs: 0, frozenAtMs: 0 };

/** What a test wrote, read defensively (no zod in the content script): anything else is no offset at all. */
export function readTestClock(value: unknown): TestClockRecord {
  if (typeof value !== 'object' || value === null) return ZERO;
  const { offsetMs, atNextStartMs, frozenAtMs } = value as Partial<Record<keyof TestClockRecord, unknown>>;
  const ms = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
  return { offsetMs: ms(offsetMs), atNextStartMs: ms(atNextStartMs), frozenAtMs: ms(frozenAtMs) };
}

/** The clock's time for a record: the machine's plus the offset, or the frozen instant plus the offset. */
export function testClockTime(record: TestClockRecord, machineNow: number): number {
  return (record.frozenAtMs || machineNow) + record.offsetMs;
}

/** The storage.local key a test writes to say the person is away ('idle', 'locked') or back (removed). */
export const TEST_IDLE_KEY = 'antidriftTestIdle';

export type TestIdleState = 'idle' | 'locked';

export function readTestIdle(value: unknown): TestIdleState | null {
  return value === 'idle' || value === 'locked' ? value : null;
}

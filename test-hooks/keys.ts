// End-to-end builds only: the storage.local keys through which a test moves the extension's clock and says where the person is.

/** The storage.local key a test writes (tests/e2e and tests/firefox harnesses); release builds neither read nor know it. */
export const TEST_CLOCK_KEY = 'antidriftTestClock';

/**
 * `offsetMs`: how far this clock is ahead of the machine's. `atNextStartMs`: time that passes while the
 * browser is closed: the running worker ignores it, the next one to start adds it to the offset.
 */
export interface TestClockRecord {
  offsetMs: number;
  atNextStartMs: number;
}

const ZERO: TestClockRecord = { offsetMs: 0, atNextStartMs: 0 };

/** What a test wrote, read defensively (no zod in the content script): anything else is no offset at all. */
export function readTestClock(value: unknown): TestClockRecord {
  if (typeof value !== 'object' || value === null) return ZERO;
  const { offsetMs, atNextStartMs } = value as Partial<Record<keyof TestClockRecord, unknown>>;
  const ms = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
  return { offsetMs: ms(offsetMs), atNextStartMs: ms(atNextStartMs) };
}

/** The storage.local key a test writes to say the person is away ('idle', 'locked') or back (removed). */
export const TEST_IDLE_KEY = 'antidriftTestIdle';

export type TestIdleState = 'idle' | 'locked';

export function readTestIdle(value: unknown): TestIdleState | null {
  return value === 'idle' || value === 'locked' ? value : null;
}

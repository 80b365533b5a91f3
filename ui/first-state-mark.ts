// A User Timing mark at the moment a page first shows real state, so opening speed can be measured from outside.
export const FIRST_STATE_MARK = 'antidrift:first-state';

/** Marks once per page; a no-op where the Performance API is missing (tests, old engines). */
export function markFirstState(): void {
  const perf = globalThis.performance;
  if (typeof perf?.mark !== 'function' || perf.getEntriesByName(FIRST_STATE_MARK).length > 0) return;
  perf.mark(FIRST_STATE_MARK);
}

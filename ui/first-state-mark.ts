// User Timing marks at the moment a page first shows real state, so opening speed can be measured from outside.
export const FIRST_STATE_MARK = 'antidrift:first-state';
/** The History page has drawn its first view (totals, chart and sessions of the default range). */
export const HISTORY_FIRST_VIEW_MARK = 'antidrift:history-first-view';
/** The History page has drawn a freshly read range (every time; `detail` is the range's label). */
export const HISTORY_VIEW_MARK = 'antidrift:history-view';

/** Marks once per page; a no-op where the Performance API is missing (tests, old engines). */
export function markOnce(name: string): void {
  const perf = globalThis.performance;
  if (typeof perf?.mark !== 'function' || perf.getEntriesByName(name).length > 0) return;
  perf.mark(name);
}

export function markFirstState(): void {
  markOnce(FIRST_STATE_MARK);
}

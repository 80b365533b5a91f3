// User Timing marks of the worker's start (script evaluated, wiring done, state hydrated), so a cold start can be measured from outside.
export const WORKER_MARKS = {
  /** The bundle is evaluated and startBackground begins: the script-evaluation cost, from the worker's time origin. */
  evaluated: 'antidrift:worker-evaluated',
  /** Every listener is registered and the stored state is being read. */
  wired: 'antidrift:worker-wired',
  /** The stored state is applied; queued events run next. */
  hydrated: 'antidrift:worker-hydrated',
} as const;

export function markWorker(name: (typeof WORKER_MARKS)[keyof typeof WORKER_MARKS]): void {
  const perf = globalThis.performance;
  if (typeof perf?.mark === 'function') perf.mark(name);
}

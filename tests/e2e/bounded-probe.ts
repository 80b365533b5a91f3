// One read a poll repeats (the badge, a title, the banner's tier), given a time limit: expect.poll awaits a probe that
// never settles (a worker torn down mid-call, a frame going away) past its own timeout, so a late probe fails and is asked again.
import { within } from '../../harness/processes';

/** The longest one read may take before the poll asks again. */
export const PROBE_MS = 5_000;

export function boundedProbe<T>(what: string, read: () => Promise<T>): Promise<T> {
  return within(PROBE_MS, read, () => new Error(`${what} did not answer in ${PROBE_MS / 1000} s`));
}

// Which key a verdict belongs to: a page of a mixed-use site (until the session's page judgments are used), else the app.
import { MAX_PAGE_JUDGMENTS } from '../core-limits';
import { appKey } from '../match';
import type { DriftState, ObservationRecord } from './controller-records';

/**
 * The key a verdict on this observation is cached under: its page on a mixed-use site, so another page of the site is
 * judged again; once the session's page judgments are used up, the site's (where its last page verdict stands); else the
 * app, as the seed caches it per class.
 */
export function verdictKey(d: DriftState, obs: ObservationRecord): string {
  if (obs.page && (d.pageJudgments < MAX_PAGE_JUDGMENTS || d.verdicts[obs.page] || d.pendingJudges[obs.page])) return obs.page;
  return appKey(obs.app);
}

/** Whether the observation is a page of a mixed-use site whose verdict says on task: an on-task stretch, as an allowed one. */
export function judgedOnTaskPage(d: DriftState, obs: ObservationRecord): boolean {
  return obs.page !== undefined && d.verdicts[verdictKey(d, obs)]?.drifting === false;
}

/**
 * What "This is on task" allows: the app or site, or on a page of a mixed-use site the part it belongs to (the channel,
 * the subreddit, the owner) when its address says, else that page; never the whole of a site that holds drift too.
 */
export function onTaskEntry(current: ObservationRecord): string {
  return current.part ?? current.page ?? appKey(current.app);
}

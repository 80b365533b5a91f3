// Evaluates the current observation of an active session: blocked, allowed (+ nudge), or judged.
import { promptCommitment } from '../commitment';
import { JUDGE_RETRY_MS, MAX_PAGE_JUDGMENTS, NUDGE_NEW_TITLES, RECENT_TITLES, VERDICT_CACHE_LIMIT } from '../core-limits';
import { appKey, matchesAny } from '../match';
import type { ControllerEffect } from './events';
import type { DriftState, ObservationRecord, Verdict } from './controller-records';
import type { AITarget } from '../ai-targets';
import { onBreak } from './session-rhythm';
import { aiTargetOf, judgeExpiry, timingsOf, type ActiveState, type ControllerState, type Timings } from './state';
import { judgedOnTaskPage, verdictKey } from './verdict-key';

export { verdictKey } from './verdict-key';

export interface Step<S extends ControllerState = ControllerState> {
  state: S;
  effects: ControllerEffect[];
  /** The event was refused (the state is as it was): what, and why in words, for the caller that sent it to read. */
  refused?: Refusal;
}

/** A refusal as a value: `what` did not happen ("session not ended"), and `why`, in the person's words. */
export interface Refusal {
  what: string;
  why: string;
}

/** Appends a title when non-empty and different from the newest; keeps the last RECENT_TITLES. */
export function pushTitle(ring: readonly string[], title: string): string[] {
  const trimmed = title.trim();
  if (!trimmed || ring[ring.length - 1] === trimmed) return [...ring];
  return [...ring, trimmed].slice(-RECENT_TITLES);
}

/** Ends an on-task stretch: in-flight nudges become stale and an advisory no longer applies. */
export function leaveStretch(d: DriftState): DriftState {
  return { ...d, onTaskStretch: d.onTaskStretch + 1, nudgeMessage: '' };
}

/** Enters (or stays in) drifting; a new episode starts unless we were already drifting on this app. */
export function enterDrifting(
  before: DriftState,
  d: DriftState,
  obs: ObservationRecord,
  reason: string,
  at: number,
): { drift: DriftState; effects: ControllerEffect[] } {
  const sameEpisode = before.status === 'drifting' && before.current !== null && appKey(before.current.app) === appKey(obs.app);
  if (sameEpisode) return { drift: { ...d, status: 'drifting', reason, judgeDue: null }, effects: [] };
  const driftEpisode = d.driftEpisode + 1;
  const notify = obs.source === 'os';
  const drift: DriftState = {
    ...d,
    status: 'drifting',
    reason,
    driftEpisode,
    judgeDue: null,
    driftSince: at,
    ...(notify ? { driftNotifiedAt: at } : {}),
  };
  const effects: ControllerEffect[] = notify ? [{ type: 'notifyDrift', episode: driftEpisode, app: obs.app, reason, repeat: false }] : [];
  return { drift, effects };
}

export function cacheVerdict(verdicts: Record<string, Verdict>, key: string, verdict: Verdict): Record<string, Verdict> {
  const next = { ...verdicts };
  delete next[key];
  next[key] = verdict;
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - VERDICT_CACHE_LIMIT))) delete next[old];
  return next;
}

/** The wait between nudges now: the debounce, stretched while the answers keep saying "on track". */
export function nudgeWaitMs(timings: Timings, d: DriftState): number {
  return timings.nudgeDebounceMs * d.nudgeBackoff;
}

/** How many titles of the ring were not in it when the nudge last ran (all of them before the first nudge). */
function titlesSinceLastNudge(d: DriftState): number {
  const before = new Set(d.lastNudgedTitles);
  return d.recentTitles.filter((t) => !before.has(t)).length;
}

function maybeNudge(s: ActiveState, d: DriftState, at: number): { drift: DriftState; effects: ControllerEffect[] } {
  const { session, settings } = s;
  const timings = timingsOf(settings);
  const eligible =
    settings.nudgeEnabled &&
    d.recentTitles.length >= 2 &&
    (d.lastNudgedAt === null || at - d.lastNudgedAt >= nudgeWaitMs(timings, d)) &&
    // New evidence only: the same titles (the person is away, or cycles through the same files)
    // would get the same answer, so asking again would only spend a call.
    titlesSinceLastNudge(d) >= NUDGE_NEW_TITLES;
  // Chosen here, once: the nudge runs on the backend and model this says, and its answer names them.
  const target = eligible ? aiTargetOf(s) : null;
  if (!target) return { drift: d, effects: [] };
  return {
    drift: { ...d, lastNudgedAt: at, lastNudgedTitles: [...d.recentTitles] },
    effects: [
      {
        type: 'runNudge',
        sessionId: session.id,
        stretch: d.onTaskStretch,
        commitment: promptCommitment(session.commitment),
        titles: [...d.recentTitles],
        timeoutMs: timings.aiTimeoutMs,
        target,
      },
    ],
  };
}

function launchJudge(s: ActiveState, d: DriftState, obs: ObservationRecord, key: string, at: number, target: AITarget): Step<ActiveState> {
  const launch = d.judgeLaunches + 1;
  const timings = timingsOf(s.settings);
  const onPage = obs.page !== undefined && key === obs.page;
  const pageJudgments = d.pageJudgments + (onPage ? 1 : 0);
  const drift: DriftState = {
    ...d,
    status: 'checking',
    reason: '',
    judgeLaunches: launch,
    pageJudgments,
    judgeDue: null,
    pendingJudges: { ...d.pendingJudges, [key]: { launch, expiresAt: judgeExpiry(timings, at) } },
  };
  const effects: ControllerEffect[] = [
    {
      type: 'runJudge',
      sessionId: s.session.id,
      launch,
      commitment: promptCommitment(s.session.commitment),
      title: obs.title,
      key,
      // The prompt names the site: the page is worked out here and stays here (its title says what it is).
      app: appKey(obs.app),
      source: obs.source,
      timeoutMs: timings.aiTimeoutMs,
      target,
    },
  ];
  if (onPage && pageJudgments === MAX_PAGE_JUDGMENTS)
    effects.push({
      type: 'log',
      level: 'info',
      message: `this session judged ${MAX_PAGE_JUDGMENTS} pages of mixed-use sites, its most: another page of those sites now takes its site's last verdict`,
    });
  return { state: { ...s, drift }, effects };
}

function evaluateUnmatched(
  s: ActiveState,
  before: DriftState,
  d: DriftState,
  obs: ObservationRecord,
  key: string,
  at: number,
): Step<ActiveState> {
  const cached = d.verdicts[key];
  if (cached) {
    if (!cached.drifting)
      return { state: { ...s, drift: { ...d, status: 'ontask', reason: '', judgeDue: null, lastOnTask: obs } }, effects: [] };
    const { drift, effects } = enterDrifting(before, d, obs, cached.reason, at);
    return { state: { ...s, drift }, effects };
  }
  if (d.pendingJudges[key]) return { state: { ...s, drift: { ...d, status: 'checking', reason: '', judgeDue: null } }, effects: [] };
  const failedAt = d.judgeFailures[key];
  const recentlyFailed = failedAt !== undefined && at - failedAt < JUDGE_RETRY_MS;
  const target = aiTargetOf(s);
  if (!key || !target || recentlyFailed) {
    return { state: { ...s, drift: { ...d, status: 'unknown', reason: '', judgeDue: null } }, effects: [] };
  }
  const { judgeDebounceMs } = timingsOf(s.settings);
  if (d.judgeDue?.app === key && at >= d.judgeDue.at) return launchJudge(s, d, obs, key, at, target);
  if (d.judgeDue?.app !== key && judgeDebounceMs === 0) return launchJudge(s, d, obs, key, at, target);
  // Debounce on dwell: a quick alt-tab flick is gone before the judge would have been asked.
  const judgeDue = d.judgeDue?.app === key ? d.judgeDue : { app: key, at: at + judgeDebounceMs };
  return { state: { ...s, drift: { ...d, status: 'checking', reason: '', judgeDue } }, effects: [] };
}

/**
 * Evaluates `s.drift.current` at time `at`. `fresh` is true for a new observation (its title joins the
 * ring) and false for a periodic re-evaluation. `before` is the drift state before the event, to
 * tell a new drift episode from the same one continuing.
 */
export function evaluateCurrent(s: ActiveState, at: number, fresh: boolean, before: DriftState = s.drift): Step<ActiveState> {
  const obs = s.drift.current;
  // Away, nobody is looking: nothing is judged or nudged until the person is back (then this runs again).
  // On a break, the person is off duty: nothing is judged or nudged until work comes back (then this runs again).
  if (!obs || s.drift.awaySince !== null || onBreak(s)) return { state: s, effects: [] };
  let d: DriftState = fresh ? { ...s.drift, recentTitles: pushTitle(s.drift.recentTitles, obs.title) } : s.drift;
  const key = verdictKey(d, obs);

  const blockedBy = matchesAny(s.session.blocked, obs);
  if (blockedBy) {
    const why =
      blockedBy === appKey(obs.app) ? `${obs.app} is on your blocked list` : `${obs.app} is on your blocked list (as ${blockedBy})`;
    const { drift, effects } = enterDrifting(before, leaveStretch(d), obs, why, at);
    return { state: { ...s, drift }, effects };
  }
  // Allowed, or a page of a mixed-use site judged on task: an on-task stretch, where the heads-up looks at the work.
  if (matchesAny(s.session.allowed, obs) || (!s.session.allowlistOnly && judgedOnTaskPage(d, obs))) {
    d = { ...d, status: 'ontask', reason: '', judgeDue: null, lastOnTask: obs };
    const nudged = maybeNudge(s, d, at);
    return { state: { ...s, drift: nudged.drift }, effects: nudged.effects };
  }
  if (s.session.allowlistOnly) {
    // Allowlist-only: the list decides alone, so nothing waits for (or depends on) an AI.
    const { drift, effects } = enterDrifting(before, leaveStretch(d), obs, `${obs.app} is not on your allowed list`, at);
    return { state: { ...s, drift }, effects };
  }
  return evaluateUnmatched(s, before, leaveStretch(d), obs, key, at);
}

// Handlers of the AI's answers: a judge verdict or failure, a nudge message or failure (each checked for staleness).
import { NUDGE_MAX_BACKOFF } from '../core-limits';
import { appKey } from '../match';
import { cacheVerdict, enterDrifting, verdictKey, type Step } from './evaluate';
import { log, unchanged, type EventOf } from './handler';
import type { DriftState } from './controller-records';
import { onBreak } from './session-rhythm';
import type { ActiveState, ControllerState, SessionState } from './state';

type JudgeAnswer = EventOf<'judgeSucceeded' | 'judgeFailed'>;
type NudgeAnswer = EventOf<'nudgeSucceeded' | 'nudgeFailed'>;

/** The key the answer's verdict belongs to: the page its launch named, else the app. */
const keyOf = (e: JudgeAnswer) => e.key ?? e.app;

/** What a verdict was about, in words: the app, or a page of a site (its address stays out of diagnostics' words). */
const describeKey = (e: JudgeAnswer) => (keyOf(e) === e.app ? e.app : `a page of ${e.app}`);

/** An answer for no session at all (it ended meanwhile). */
export const staleVerdict = (s: ControllerState, e: JudgeAnswer): Step =>
  unchanged(s, log('info', `stale drift verdict for ${describeKey(e)} discarded`));

export const staleNudge = (s: ControllerState): Step => unchanged(s, log('info', 'stale nudge discarded'));

/**
 * Applies an answer only when it is for this session's latest launch on that app. A verdict for an
 * app the person has left (or while paused, or on a break) is cached for later but changes nothing now.
 */
export function judgeAnswered(s: SessionState, e: JudgeAnswer): Step {
  const d = s.drift;
  const pending = d.pendingJudges[keyOf(e)];
  if (e.sessionId !== s.session.id || !pending || pending.launch !== e.launch) return staleVerdict(s, e);
  const pendingJudges = { ...d.pendingJudges };
  delete pendingJudges[keyOf(e)];
  const current = d.current;
  const onThatApp = s.phase === 'active' && !onBreak(s) && current !== null && verdictKey(d, current) === keyOf(e);

  if (e.type === 'judgeFailed') {
    // Never fabricate: a failed judge leaves the person undisturbed and says so in diagnostics.
    const drift: DriftState = {
      ...d,
      pendingJudges,
      judgeFailures: { ...d.judgeFailures, [keyOf(e)]: e.at },
      ...(onThatApp && d.status === 'checking' ? { status: 'unknown' as const } : {}),
    };
    return unchanged({ ...s, drift }, log('warn', `drift judge failed for ${describeKey(e)}: ${e.error}`));
  }
  const judgeFailures = { ...d.judgeFailures };
  delete judgeFailures[keyOf(e)];
  const verdict = { drifting: e.drifting, reason: e.reason };
  // A page's verdict is also its site's latest: what stands for the site's pages once the session's page judgments are used.
  const site = appKey(e.app);
  const withPage = cacheVerdict(d.verdicts, keyOf(e), verdict);
  const verdicts = keyOf(e) === site ? withPage : cacheVerdict(withPage, site, verdict);
  const cached: DriftState = { ...d, pendingJudges, judgeFailures, verdicts };
  if (!onThatApp) return unchanged({ ...s, drift: cached });
  if (!e.drifting) return unchanged({ ...s, drift: { ...cached, status: 'ontask', reason: '', lastOnTask: current } });
  const { drift, effects } = enterDrifting(d, cached, current, e.reason, e.at);
  return { state: { ...s, drift }, effects };
}

/** Applies a nudge answer only within the session and the on-task stretch that asked for it. */
export function nudgeAnswered(s: ActiveState, e: NudgeAnswer): Step {
  if (e.sessionId !== s.session.id || e.stretch !== s.drift.onTaskStretch) return staleNudge(s);
  if (e.type === 'nudgeFailed') {
    // Message left as it was; lastNudgedAt stays set, so there is no immediate retry.
    return unchanged(s, log('warn', `nudge failed: ${e.error}`));
  }
  // Steady on-track answers earn longer quiet; advice brings the check-ins back to the base interval.
  const nudgeBackoff = e.message ? 1 : Math.min(NUDGE_MAX_BACKOFF, s.drift.nudgeBackoff * 2);
  return unchanged({ ...s, drift: { ...s.drift, nudgeMessage: e.message, nudgeBackoff } });
}

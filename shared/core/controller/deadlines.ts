// When the controller next needs a tick: the data the shell maps to one chrome.alarms alarm.
import { MIN_DEADLINE_DELAY_MS } from '../core-limits';
import { appKey, matchesAny } from '../match';
import { nudgeWaitMs } from './evaluate';
import { phaseEndsAt } from './session-rhythm';
import { judgedOnTaskPage } from './verdict-key';
import { renotifyAt } from './strict';
import { timingsOf, type ControllerState } from './state';

/**
 * The next moment a `ticked` event changes anything, or null when nothing is pending:
 * a debounced judge, an expiring judge, the timebox end, the rhythm's next edge, the nudge debounce, the periodic re-evaluation.
 */
export function nextDeadline(s: ControllerState, at: number): number | null {
  if (s.phase !== 'active') return null;
  const { session, drift: d } = s;
  const timings = timingsOf(s.settings);
  const due: number[] = [];
  if (d.judgeDue) due.push(d.judgeDue.at);
  for (const p of Object.values(d.pendingJudges)) due.push(p.expiresAt);
  if (session.endsAt !== undefined && !session.timeboxNotified) due.push(session.endsAt);
  const edge = phaseEndsAt(session);
  if (edge !== null) due.push(edge);
  due.push((d.lastReevaluatedAt ?? at) + timings.reevaluateEveryMs);
  const renotify = renotifyAt(s, at);
  if (renotify !== null) due.push(renotify);
  const current = d.current;
  // An on-task stretch: an allowed place, or a page of a mixed-use site judged on task.
  const onAllowed =
    current !== null && (matchesAny(session.allowed, current) !== undefined || (!session.allowlistOnly && judgedOnTaskPage(d, current)));
  if (onAllowed && appKey(current.app) && d.lastNudgedAt !== null) {
    const nudgeAt = d.lastNudgedAt + nudgeWaitMs(timings, d);
    // Past nudge deadlines that did not fire (nothing new in the ring) wait for the periodic tick.
    if (nudgeAt > at) due.push(nudgeAt);
  }
  return Math.max(Math.min(...due), at + MIN_DEADLINE_DELAY_MS);
}

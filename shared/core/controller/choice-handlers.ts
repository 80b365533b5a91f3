// Handlers of what the person sees and chooses: observations, the banner's answers, dismissals.
import { normalizeList } from '../list-entry';
import { entryMatches } from '../match';
import { evaluateCurrent, type Step } from './evaluate';
import { onTaskEntry } from './verdict-key';
import { refuse, unchanged, type EventOf } from './handler';
import { onTaskRefusal } from './strict';
import type { DriftState, SessionRecord } from './controller-records';
import { withSession, type ActiveState, type ControllerState, type SessionState } from './state';

/** Outside an active session an observation only becomes the current one: nothing is judged. */
export function recordObservation(s: ControllerState, e: EventOf<'observed'>): Step {
  return unchanged({ ...s, drift: { ...s.drift, current: e.observation } });
}

export function evaluateObservation(s: ActiveState, e: EventOf<'observed'>): Step {
  const before = s.drift;
  return evaluateCurrent({ ...s, drift: { ...before, current: e.observation } }, e.observation.at, true, before);
}

/** Drops what was known of the keys the entry now covers: the app's, or each page under a part. */
function forget<T>(byKey: Readonly<Record<string, T>>, entry: string): Record<string, T> {
  return Object.fromEntries(Object.entries(byKey).filter(([key]) => key !== entry && !key.startsWith(`${entry}/`)));
}

/**
 * "This is on task": the app (or the part of a mixed-use site, onTaskEntry) joins this session's allowed list and the
 * default one (remembered as added from a banner), its verdicts are forgotten, and it is on task from now on.
 */
export function markOnTask(s: SessionState, e: EventOf<'onTaskChosen'>): Step {
  const refusal = onTaskRefusal(s, e.at);
  if (refusal) return refuse(s, { what: 'not marked on task', why: refusal });
  const current = s.drift.current;
  const entry = current ? onTaskEntry(current) : '';
  if (!current || !entry) return unchanged(s);
  const d = s.drift;
  const verdicts = forget(d.verdicts, entry);
  const pendingJudges = forget(d.pendingJudges, entry);
  const judgeFailures = forget(d.judgeFailures, entry);
  const session: SessionRecord = {
    ...s.session,
    allowed: normalizeList([...s.session.allowed, entry]),
    // The person outranks their own block list: an explicit "on task" lifts a block on this app.
    blocked: s.session.blocked.filter((b) => !entryMatches(b, current)),
  };
  const settings = {
    ...s.settings,
    allowed: normalizeList([...s.settings.allowed, entry]),
    addedFromBanner: normalizeList([...s.settings.addedFromBanner, entry]),
  };
  const drift: DriftState = {
    ...d,
    status: 'ontask',
    reason: '',
    verdicts,
    pendingJudges,
    judgeFailures,
    judgeDue: null,
    lastOnTask: current,
  };
  return unchanged({ ...withSession(s, session), drift, settings });
}

/** "Back to task": the banner is answered, and the last on-task tab comes back when there is one. */
export function backToTask(s: SessionState): Step {
  const d = s.drift;
  if (d.status !== 'drifting') return unchanged(s);
  const answered = { ...s, drift: { ...d, answeredDriftEpisode: d.driftEpisode } };
  return d.lastOnTask ? unchanged(answered, { type: 'focusPlace', observation: d.lastOnTask }) : unchanged(answered);
}

/**
 * "Save for later": the episode is answered as with Back to task (the drift ends there), the drifting tab
 * goes to the Later list and closes, and the last on-task tab comes back. Only a tab can be saved: an app
 * window has no address to open again, so its drift keeps the other answers.
 */
export function saveForLater(s: SessionState): Step {
  const d = s.drift;
  const current = d.current;
  if (d.status !== 'drifting' || !current || current.source !== 'tab' || !current.ref) return unchanged(s);
  const answered = { ...s, drift: { ...d, answeredDriftEpisode: d.driftEpisode } };
  const save = { type: 'saveForLater' as const, observation: current, sessionId: s.session.id };
  return d.lastOnTask ? unchanged(answered, save, { type: 'focusPlace', observation: d.lastOnTask }) : unchanged(answered, save);
}

/** Escape on the banner: answers that episode only; the next drift shows a banner again. */
export function dismissBanner(s: SessionState, e: EventOf<'bannerDismissed'>): Step {
  const d = s.drift;
  if (e.episode !== d.driftEpisode || d.status !== 'drifting') return unchanged(s);
  return unchanged({ ...s, drift: { ...d, answeredDriftEpisode: e.episode } });
}

/** Hides this advice text everywhere; `transition` forgets the dismissal once the advice moves on. */
export function dismissNudge(s: SessionState, e: EventOf<'nudgeDismissed'>): Step {
  return unchanged({ ...s, drift: { ...s.drift, dismissedNudge: e.message } });
}

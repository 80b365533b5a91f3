// The history recorder's functional core: (recorder, before, after, event) → (recorder, writes), run after every transition.
import { countsAfter, sessionOf, type ControllerEvent, type ControllerState, type SessionRecord } from '../core/controller';
import { HISTORY_HEARTBEAT_MS, HISTORY_MAX_TEXT } from './history-limits';
import type {
  DriftChoice,
  EndReason,
  HistoryMark,
  HistorySegment,
  HistorySession,
  HistoryWrite,
  PendingReview,
  SegmentKind,
  SessionProgress,
  StrictTally,
} from './history-records';
import { sameSegment, segmentFacts, sessionKey, type SegmentFacts } from './segments';

/** The running session's time in closed segments, by what it counts as (not-sure, away and paused time count in none). */
export type Totals = Pick<SessionProgress, 'focusedMs' | 'driftMs'>;

/** What the recorder remembers between transitions; rebuilt from IndexedDB when the service worker starts. */
export interface RecorderState {
  session: HistorySession | null;
  /** The segment being extended, as last written or about to be. */
  open: HistorySegment | null;
  /** When the open segment's end was last written. */
  writtenAt: number;
  /** The session's closed segments, summed (the open one is added when asked: `progressOf`). */
  totals: Totals;
  lastDrift: SessionProgress['lastDrift'];
}

export interface RecorderPrivacy {
  keepTitles: boolean;
}

const NO_TOTALS: Totals = { focusedMs: 0, driftMs: 0 };

export const EMPTY_RECORDER: RecorderState = { session: null, open: null, writtenAt: 0, totals: NO_TOTALS, lastDrift: null };

export interface RecorderStep {
  recorder: RecorderState;
  writes: HistoryWrite[];
  /** The session this step closed, as written (with its end and reason), or null. */
  ended: HistorySession | null;
}

/** The total each kind of segment counts in. */
const TOTAL_OF: Partial<Record<SegmentKind, keyof Totals>> = { ontask: 'focusedMs', drifting: 'driftMs' };

function withSpan(totals: Totals, kind: SegmentKind, ms: number): Totals {
  const total = TOTAL_OF[kind];
  return total && ms > 0 ? { ...totals, [total]: totals[total] + ms } : totals;
}

/** The running session so far (closed segments plus the open one up to `now`), or null between sessions. */
export function progressOf(r: RecorderState, now: number): SessionProgress | null {
  if (!r.session) return null;
  const totals = r.open ? withSpan(r.totals, r.open.kind, Math.max(r.open.end, now) - r.open.start) : r.totals;
  return { ...totals, lastDrift: r.lastDrift };
}

/** The review a session that ended asks for; none for one replaced by a new session or lost unseen. */
export function reviewOf(ended: HistorySession, now: number): PendingReview | null {
  if (ended.endReason === 'lost' || ended.endReason === 'replaced') return null;
  return { key: ended.key, nextAction: ended.nextAction, successCondition: ended.successCondition, endedAt: ended.endedAt ?? now };
}

/** The recorder of a session read back from storage: its segments in order, the last one still open. */
export function resumeRecorder(session: HistorySession, segments: readonly HistorySegment[]): RecorderState {
  const closed = segments.slice(0, -1);
  const open = segments.at(-1) ?? null;
  const totals = closed.reduce((sum, s) => withSpan(sum, s.kind, s.end - s.start), NO_TOTALS);
  const drift = segments.findLast((s) => s.kind === 'drifting');
  const lastDrift = drift?.place ? { place: drift.place, at: drift.start } : null;
  return { session, open, writtenAt: open?.end ?? 0, totals, lastDrift };
}

function newSession(session: SessionRecord, at: number): HistorySession {
  return {
    key: sessionKey(session),
    nextAction: session.commitment.nextAction,
    successCondition: session.commitment.successCondition,
    involves: session.commitment.involves ?? '',
    allowed: [...session.allowed],
    blocked: [...session.blocked],
    startedAt: session.startedAt,
    timeboxMinutes: session.endsAt === undefined ? null : Math.round((session.endsAt - session.startedAt) / 60_000),
    endedAt: null,
    endReason: null,
    lastSeenAt: at,
    strict: session.strict,
    strictTally: session.strict ? { ...session.strictCounts } : null,
  };
}

function endReason(session: SessionRecord, replaced: boolean, at: number): EndReason {
  if (replaced) return 'replaced';
  return session.endsAt !== undefined && at >= session.endsAt ? 'timeboxElapsed' : 'ended';
}

function segmentAt(sessionKey_: string, facts: SegmentFacts, at: number, privacy: RecorderPrivacy): HistorySegment {
  return {
    key: `${sessionKey_}:${at.toString(36)}`,
    session: sessionKey_,
    kind: facts.kind,
    start: at,
    end: at,
    source: facts.source,
    place: facts.place,
    title: privacy.keepTitles ? facts.title : '',
    cause: facts.cause,
    reason: facts.reason,
  };
}

const factsOf = (segment: HistorySegment): SegmentFacts => segment;

/** The drift episode the person answered with this event, if it answered one. */
function answered(
  before: ControllerState,
  after: ControllerState,
  event: ControllerEvent,
): { episode: number; choice: DriftChoice } | null {
  const d = before.drift;
  if (before.phase === 'idle' || d.status !== 'drifting' || d.driftEpisode === 0) return null;
  const episode = d.driftEpisode;
  const open = d.answeredDriftEpisode !== episode;
  switch (event.type) {
    case 'onTaskChosen':
      return after.drift.status === 'ontask' ? { episode, choice: 'onTask' } : null;
    case 'backToTaskChosen':
      return open && after.drift.answeredDriftEpisode === episode ? { episode, choice: 'backToTask' } : null;
    case 'savedForLaterChosen':
      return open && after.drift.answeredDriftEpisode === episode ? { episode, choice: 'savedForLater' } : null;
    case 'bannerDismissed':
      return open && after.drift.answeredDriftEpisode === episode ? { episode, choice: 'dismissed' } : null;
    case 'sessionEnded':
      return open ? { episode, choice: 'endSession' } : null;
    default:
      return null;
  }
}

function marksOf(key: string, before: ControllerState, after: ControllerState, event: ControllerEvent, at: number): HistoryMark[] {
  const marks: HistoryMark[] = [];
  const reply = answered(before, after, event);
  if (reply) marks.push({ key: `${key}:a${reply.episode}`, session: key, at, type: 'answer', ...reply });
  const d = after.drift;
  const session = sessionOf(after);
  if (!session || sessionKey(session) !== key) return marks;
  if (d.status === 'drifting' && d.driftEpisode !== before.drift.driftEpisode && d.current) {
    const cause = segmentFacts(after)?.cause ?? 'judged';
    marks.push({
      key: `${key}:d${d.driftEpisode}`,
      session: key,
      at,
      type: 'drift',
      episode: d.driftEpisode,
      place: d.current.app,
      cause,
      reason: d.reason.slice(0, HISTORY_MAX_TEXT),
    });
  }
  // The backend that answered, as the call's result says: not whichever one is chosen now.
  if ((event.type === 'judgeSucceeded' || event.type === 'judgeFailed') && event.sessionId === session.id) {
    marks.push({
      key: `${key}:j${event.launch}`,
      session: key,
      at,
      type: 'call',
      role: 'judge',
      backend: event.backend,
      ok: event.type === 'judgeSucceeded',
    });
  }
  if ((event.type === 'nudgeSucceeded' || event.type === 'nudgeFailed') && event.sessionId === session.id) {
    marks.push({
      key: `${key}:u${at.toString(36)}`,
      session: key,
      at,
      type: 'call',
      role: 'nudge',
      backend: event.backend,
      ok: event.type === 'nudgeSucceeded',
    });
  }
  if (event.type === 'nudgeSucceeded' && d.nudgeMessage !== '' && d.nudgeMessage !== before.drift.nudgeMessage) {
    marks.push({ key: `${key}:n${at.toString(36)}`, session: key, at, type: 'nudge', message: d.nudgeMessage.slice(0, HISTORY_MAX_TEXT) });
  }
  if (event.type === 'nudgeDismissed' && d.dismissedNudge !== before.drift.dismissedNudge) {
    marks.push({
      key: `${key}:x${at.toString(36)}`,
      session: key,
      at,
      type: 'nudgeDismissed',
      message: event.message.slice(0, HISTORY_MAX_TEXT),
    });
  }
  return marks;
}

const sameTally = (a: StrictTally | null, b: StrictTally | null): boolean =>
  a === null || b === null
    ? a === b
    : a.blockedNavigations === b.blockedNavigations &&
      a.waitsStarted === b.waitsStarted &&
      a.waitsAbandoned === b.waitsAbandoned &&
      a.waitsGoneThrough === b.waitsGoneThrough;

/** Lists the person changed mid-session (This is on task), and a strict session's counts, go into the session record too. */
function withLists(record: HistorySession, session: SessionRecord): HistorySession {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const strictTally = session.strict ? { ...session.strictCounts } : null;
  if (same(record.allowed, session.allowed) && same(record.blocked, session.blocked) && sameTally(record.strictTally, strictTally))
    return record;
  return { ...record, allowed: [...session.allowed], blocked: [...session.blocked], strictTally };
}

/**
 * Records one transition. A segment that closes in the millisecond it opened is replaced by its
 * successor (same key), so flicker leaves no zero-length rows. Every write is a put by key: the open segment is put again with a later
 * end, so a service-worker death or a crash loses at most a heartbeat's worth of its end.
 */
export function recordTransition(
  r: RecorderState,
  before: ControllerState,
  after: ControllerState,
  event: ControllerEvent,
  at: number,
  privacy: RecorderPrivacy,
): RecorderStep {
  const writes: HistoryWrite[] = [];
  let { session: record, open, writtenAt, totals, lastDrift } = r;
  let ended: HistorySession | null = null;
  // After a browser restart the open segment stays where its last write left it: the time between is a gap.
  if (event.type === 'stateRestored' && event.drift === null && open) {
    totals = withSpan(totals, open.kind, open.end - open.start);
    open = null;
  }
  const current = sessionOf(after);
  const key = current ? sessionKey(current) : null;

  const previous = record;
  if (previous && previous.key !== key) {
    // The recorded session is over (ended, replaced, or gone from storage while the worker slept).
    // A restore is a new worker's first event: a session missing from it ended unseen, when it was last seen.
    const was = event.type === 'stateRestored' ? null : sessionOf(before);
    const endedAt = was && sessionKey(was) === previous.key ? at : previous.lastSeenAt;
    const reason: EndReason = was && sessionKey(was) === previous.key ? endReason(was, current !== null, at) : 'lost';
    for (const mark of marksOf(previous.key, before, after, event, at)) writes.push({ store: 'marks', record: mark });
    if (open) writes.push({ store: 'segments', record: { ...open, end: Math.max(open.start, endedAt) } });
    ended = { ...previous, endedAt, endReason: reason, lastSeenAt: endedAt };
    // The wait that ended it (or was still running) is counted in the session's last word.
    if (was?.strict && sessionKey(was) === previous.key) ended = { ...ended, strictTally: countsAfter(was, 'end', at) };
    writes.push({ store: 'sessions', record: ended });
    record = null;
    open = null;
    totals = NO_TOTALS;
    lastDrift = null;
  }
  if (!current || !key) return { recorder: { ...EMPTY_RECORDER, writtenAt }, writes, ended };

  const listed = record ? withLists(record, current) : newSession(current, at);
  let sessionChanged = listed !== record;
  record = listed;
  for (const mark of marksOf(key, before, after, event, at)) {
    writes.push({ store: 'marks', record: mark });
    if (mark.type === 'drift') lastDrift = { place: mark.place, at: mark.at };
  }

  const facts = segmentFacts(after);
  if (facts && open && open.session === key && sameSegment(factsOf(open), facts)) {
    open = { ...open, end: Math.max(open.end, at) };
    if (at - writtenAt >= HISTORY_HEARTBEAT_MS) {
      writes.push({ store: 'segments', record: open });
      writtenAt = at;
      record = { ...record, lastSeenAt: at };
      sessionChanged = true;
    }
  } else if (facts) {
    // Segments meet where the change happened. Away reaches back (idle is noticed a threshold after the
    // last input), so it may cut the open segment short, never reach into the one before.
    const boundary = open && open.session === key ? Math.max(open.start, at) : at;
    if (open && open.session === key) {
      writes.push({ store: 'segments', record: { ...open, end: boundary } });
      totals = withSpan(totals, open.kind, boundary - open.start);
    }
    open = segmentAt(key, facts, boundary, privacy);
    writes.push({ store: 'segments', record: open });
    writtenAt = at;
    record = { ...record, lastSeenAt: at };
    sessionChanged = true;
  }
  if (sessionChanged) writes.push({ store: 'sessions', record });
  return { recorder: { session: record, open, writtenAt, totals, lastDrift }, writes, ended };
}

/** Time passing without events: the open segment's end (and the session's last-seen time) move forward. */
export function recordHeartbeat(r: RecorderState, at: number): RecorderStep {
  if (!r.session || !r.open || at <= r.open.end) return { recorder: r, writes: [], ended: null };
  const open = { ...r.open, end: at };
  const session = { ...r.session, lastSeenAt: at };
  return {
    recorder: { ...r, session, open, writtenAt: at },
    writes: [
      { store: 'segments', record: open },
      { store: 'sessions', record: session },
    ],
    ended: null,
  };
}

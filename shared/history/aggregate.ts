// The History page's numbers from one range of records: totals, days, places that pull away, AI cost, per-session summaries.
import type { ObservationSource } from '../core/vocabulary';
import type {
  DriftCause,
  DriftChoice,
  EndReason,
  HistoryMark,
  HistorySegment,
  HistorySession,
  SegmentKind,
  SessionReview,
  StrictTally,
} from './history-records';

/**
 * Local days, as a port: the page implements it with the browser's time zone, tests with fixed
 * offsets (and one that changes mid-range). A day is [startOfDay, startOfNextDay): 23 or 25 hours
 * long when the clocks change, which is why nothing here assumes 24.
 */
export interface Calendar {
  /** 'YYYY-MM-DD' of the local day that holds `ms`. */
  dayKey(ms: number): string;
  startOfDay(ms: number): number;
  startOfNextDay(ms: number): number;
}

export type KindTotals = Record<SegmentKind, number>;

export interface HistoryInput {
  sessions: readonly HistorySession[];
  segments: readonly HistorySegment[];
  marks: readonly HistoryMark[];
  reviews: ReadonlyMap<string, SessionReview>;
}

export interface DayBucket {
  key: string;
  /** The part of the day inside the range. */
  start: number;
  end: number;
  ms: KindTotals;
  judgeCalls: number;
  nudgeCalls: number;
}

export interface PlaceRow {
  place: string;
  /** tab (a site) or os (an app); null when only drift marks named it. */
  source: ObservationSource | null;
  causes: DriftCause[];
  driftMs: number;
  episodes: number;
}

export interface CostRow {
  role: 'judge' | 'nudge';
  backend: string;
  calls: number;
  failed: number;
  perDay: number;
  /** null without session time to divide by. */
  perSessionHour: number | null;
}

/** How many drift episodes ended in each answer; `ignored`: no answer before the episode ended. */
export type DriftAnswers = Record<DriftChoice | 'ignored', number>;

export const noAnswers = (): DriftAnswers => ({ backToTask: 0, onTask: 0, endSession: 0, dismissed: 0, savedForLater: 0, ignored: 0 });

/** The answers of several sessions added up (History's totals for the shown range). */
export function sumAnswers(all: readonly DriftAnswers[]): DriftAnswers {
  const sum = noAnswers();
  for (const answers of all) for (const k of Object.keys(sum) as Array<keyof DriftAnswers>) sum[k] += answers[k];
  return sum;
}

export interface SessionSummary {
  key: string;
  nextAction: string;
  successCondition: string;
  /** What the work involves, in the person's words; '' when not said. */
  involves: string;
  startedAt: number;
  endedAt: number | null;
  endReason: EndReason | null;
  ms: KindTotals;
  episodes: number;
  /** How its drift episodes were answered; `ignored`: no answer before the episode ended. */
  answers: DriftAnswers;
  nudges: number;
  /** Heads-ups the person dismissed. */
  nudgesDismissed: number;
  review: SessionReview | null;
  strict: boolean;
  /** What a strict session counted (blocked visits, its waits); null for any other. */
  strictTally: StrictTally | null;
  /** Its segments clipped to the range, in time order: the timeline band. */
  segments: HistorySegment[];
  /** When drift episodes began and heads-ups were shown: the ticks on the band. */
  driftAt: number[];
  nudgeAt: number[];
}

export interface HistorySummary {
  from: number;
  to: number;
  totals: KindTotals;
  /** All segment time but paused and breaks (no AI runs then): what the cost per session hour divides by. */
  sessionMs: number;
  sessions: number;
  /** Reviews answered 'yes' of those answered at all ('partly' is answered, not met). */
  met: number;
  answered: number;
  days: DayBucket[];
  placesByTime: PlaceRow[];
  placesByEpisodes: PlaceRow[];
  cost: CostRow[];
  /** Newest first. */
  perSession: SessionSummary[];
}

/** A range longer than this many days is a caller's mistake (or a broken calendar): stop rather than loop. */
const MAX_DAYS = 20_000;
const HOUR_MS = 3_600_000;

export function emptyTotals(): KindTotals {
  return { ontask: 0, drifting: 0, unsure: 0, away: 0, paused: 0, break: 0 };
}

/** The local days that meet [from, to), each clipped to it, even the empty ones. */
export function daysOf(from: number, to: number, calendar: Calendar): DayBucket[] {
  const days: DayBucket[] = [];
  for (let start = calendar.startOfDay(from); start < to;) {
    const next = calendar.startOfNextDay(start);
    if (next <= start || days.length >= MAX_DAYS) throw new Error('calendar: days must move forward');
    days.push({
      key: calendar.dayKey(start),
      start: Math.max(start, from),
      end: Math.min(next, to),
      ms: emptyTotals(),
      judgeCalls: 0,
      nudgeCalls: 0,
    });
    start = next;
  }
  return days;
}

/** Index of the day holding `at` (days are sorted and contiguous); -1 before the first. */
function dayIndex(days: readonly DayBucket[], at: number): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]!.start <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The open segment of a running session ends "now", not at its last heartbeat. Only a session seen
 * within `freshMs` counts as running: one the browser lost stops where it was last seen.
 */
export function withRunningEnds(input: HistoryInput, now: number, freshMs: number): HistoryInput {
  const running = new Set(input.sessions.filter((s) => s.endedAt === null && now - s.lastSeenAt <= freshMs).map((s) => s.key));
  if (running.size === 0) return input;
  const last = new Map<string, HistorySegment>();
  for (const seg of input.segments) {
    if (!running.has(seg.session)) continue;
    const prev = last.get(seg.session);
    if (!prev || seg.start >= prev.start) last.set(seg.session, seg);
  }
  const open = new Set(last.values());
  const segments = input.segments.map((seg) => (open.has(seg) && seg.end < now ? { ...seg, end: now } : seg));
  return { ...input, segments };
}

interface PlaceAcc {
  place: string;
  source: ObservationSource | null;
  causes: Set<DriftCause>;
  driftMs: number;
  episodes: number;
}

function placeRows(places: Map<string, PlaceAcc>, by: 'driftMs' | 'episodes', top: number): PlaceRow[] {
  return [...places.values()]
    .filter((p) => p[by] > 0)
    .sort((a, b) => b[by] - a[by] || a.place.localeCompare(b.place))
    .slice(0, top)
    .map((p) => ({ place: p.place, source: p.source, causes: [...p.causes].sort(), driftMs: p.driftMs, episodes: p.episodes }));
}

/** Everything the page shows about [from, to), in one pass over each record list. */
export function summarize(input: HistoryInput, from: number, to: number, calendar: Calendar, top = 10): HistorySummary {
  const days = daysOf(from, to, calendar);
  const totals = emptyTotals();
  const places = new Map<string, PlaceAcc>();
  const place = (name: string): PlaceAcc => {
    let acc = places.get(name);
    if (!acc) places.set(name, (acc = { place: name, source: null, causes: new Set(), driftMs: 0, episodes: 0 }));
    return acc;
  };

  const bySession = new Map<string, SessionSummary>();
  for (const s of input.sessions) {
    bySession.set(s.key, {
      key: s.key,
      nextAction: s.nextAction,
      successCondition: s.successCondition,
      involves: s.involves,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      endReason: s.endReason,
      ms: emptyTotals(),
      episodes: 0,
      answers: noAnswers(),
      nudges: 0,
      nudgesDismissed: 0,
      review: input.reviews.get(s.key) ?? null,
      strict: s.strict,
      strictTally: s.strictTally,
      segments: [],
      driftAt: [],
      nudgeAt: [],
    });
  }

  for (const seg of input.segments) {
    const start = Math.max(seg.start, from);
    const end = Math.min(seg.end, to);
    if (end <= start) continue;
    const ms = end - start;
    totals[seg.kind] += ms;
    const session = bySession.get(seg.session);
    if (session) {
      session.ms[seg.kind] += ms;
      session.segments.push(start === seg.start && end === seg.end ? seg : { ...seg, start, end });
    }
    if (seg.kind === 'drifting' && seg.place) {
      const acc = place(seg.place);
      acc.driftMs += ms;
      acc.source ??= seg.source;
      if (seg.cause) acc.causes.add(seg.cause);
    }
    // Split at each local midnight it crosses.
    for (let i = Math.max(0, dayIndex(days, start)), at = start; at < end && i < days.length; i++) {
      const until = Math.min(end, days[i]!.end);
      if (until > at) days[i]!.ms[seg.kind] += until - at;
      at = until;
    }
  }

  const calls = new Map<string, CostRow>();
  for (const mark of input.marks) {
    if (mark.at < from || mark.at >= to) continue;
    const session = bySession.get(mark.session);
    if (mark.type === 'drift') {
      const acc = place(mark.place);
      acc.episodes++;
      acc.causes.add(mark.cause);
      if (session) {
        session.episodes++;
        session.driftAt.push(mark.at);
      }
    } else if (mark.type === 'answer') {
      if (session) session.answers[mark.choice]++;
    } else if (mark.type === 'nudgeDismissed') {
      if (session) session.nudgesDismissed++;
    } else if (mark.type === 'nudge') {
      if (session) {
        session.nudges++;
        session.nudgeAt.push(mark.at);
      }
    } else if (mark.type === 'call') {
      const id = `${mark.role}\u0000${mark.backend}`;
      let row = calls.get(id);
      if (!row) calls.set(id, (row = { role: mark.role, backend: mark.backend, calls: 0, failed: 0, perDay: 0, perSessionHour: null }));
      row.calls++;
      if (!mark.ok) row.failed++;
      const day = days[dayIndex(days, mark.at)];
      if (day) day[mark.role === 'judge' ? 'judgeCalls' : 'nudgeCalls']++;
    }
  }

  const sessionMs = totals.ontask + totals.drifting + totals.unsure + totals.away;
  const cost = [...calls.values()]
    .map((row) => ({
      ...row,
      perDay: days.length ? row.calls / days.length : 0,
      perSessionHour: sessionMs > 0 ? row.calls / (sessionMs / HOUR_MS) : null,
    }))
    .sort((a, b) => a.role.localeCompare(b.role) || b.calls - a.calls || a.backend.localeCompare(b.backend));

  const perSession = [...bySession.values()].sort((a, b) => b.startedAt - a.startedAt || a.key.localeCompare(b.key));
  for (const s of perSession) {
    const { backToTask, onTask, endSession, dismissed, savedForLater } = s.answers;
    s.answers.ignored = Math.max(0, s.episodes - backToTask - onTask - endSession - dismissed - savedForLater);
  }
  let met = 0;
  let answered = 0;
  for (const s of perSession) {
    s.segments.sort((a, b) => a.start - b.start);
    s.driftAt.sort((a, b) => a - b);
    s.nudgeAt.sort((a, b) => a - b);
    if (s.review) {
      answered++;
      if (s.review.answer === 'yes') met++;
    }
  }

  return {
    from,
    to,
    totals,
    sessionMs,
    sessions: perSession.length,
    met,
    answered,
    days,
    placesByTime: placeRows(places, 'driftMs', top),
    placesByEpisodes: placeRows(places, 'episodes', top),
    cost,
    perSession,
  };
}

export { bandsOf, type Band } from './bands';

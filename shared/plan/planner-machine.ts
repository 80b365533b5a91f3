// The planner's functional core: (state, event) → {state, effects}; offers due blocks, starts, snoozes, records what became of each.
import { parseClockTime } from '../util/clock-time';
import { PLANNER_STATE_VERSION, type PlanOffer, type PlannerState, type BlockOutcome } from './planner-state';
import type { DaySummarySetting, ScheduledBlock, Template } from './plan-records';
import { nextOccurrence, occurrencesBetween, type Occurrence } from './schedule';
import { dateKey, instantOf, isKnownZone, localDateOf, addDays } from './zoned-time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** "In 10 minutes". */
export const SNOOZE_MS = 10 * MINUTE_MS;
/** The alarm is never further away than this, so a changed time zone (travel) is noticed within the hour. */
export const MAX_ALARM_AHEAD_MS = HOUR_MS;
/** After a long absence, blocks older than this are not recorded as missed one by one. */
const LOOKBACK_MS = 7 * DAY_MS;
/** Settled offers are kept this long: their keys guard against a second firing, and today's list reads them. */
const KEEP_SETTLED_MS = 2 * DAY_MS;
/** The longest block (12 h): on a first run, a block that began this long ago may still be running. */
const LONGEST_BLOCK_MS = 12 * HOUR_MS;

/** What the planner reads of the settings. */
export interface PlanSettings {
  readonly schedule: readonly ScheduledBlock[];
  readonly templates: readonly Template[];
  readonly daySummary: DaySummarySetting;
}

export type PlannerEvent =
  /** The worker started, the plan alarm rang, settings were saved, a session ended: look at the clock. */
  | { type: 'woke'; at: number; zone: string; sessionRunning: boolean; plan: PlanSettings }
  | { type: 'offerStarted'; at: number; key: string }
  | { type: 'offerSnoozed'; at: number; key: string }
  | { type: 'offerDismissed'; at: number; key: string };

export type PlannerEffect =
  | { type: 'notifyBlockDue'; key: string; label: string; waiting: boolean }
  | { type: 'clearBlockNotice'; key: string }
  | { type: 'startBlock'; key: string; templateId: string }
  | { type: 'recordBlock'; key: string; blockId: string; label: string; start: number; end: number; outcome: BlockOutcome }
  | { type: 'armPlanAlarm'; at: number | null }
  | { type: 'notifyDaySummary'; date: string };

export interface PlannerStep {
  /** null only before the first wake: an answer then has nothing to answer. */
  state: PlannerState | null;
  effects: PlannerEffect[];
}

function holdsCommitment(t: Pick<Template, 'nextAction' | 'successCondition'>): boolean {
  return t.nextAction.trim() !== '' && t.successCondition.trim() !== '';
}

const settle = (offer: PlanOffer, outcome: BlockOutcome): PlannerEffect[] => [
  { type: 'recordBlock', key: offer.key, blockId: offer.blockId, label: offer.label, start: offer.start, end: offer.end, outcome },
  { type: 'clearBlockNotice', key: offer.key },
];

const offerOf = (o: Occurrence): PlanOffer => ({
  key: o.key,
  blockId: o.blockId,
  templateId: o.templateId,
  label: o.label,
  start: o.start,
  end: o.end,
  snoozedUntil: null,
  notified: 'none',
  outcome: null,
});

/** The offer the person can act on now (the latest-starting one still open), or null. */
export function dueOffer(state: PlannerState | null, at: number): PlanOffer | null {
  const open = (state?.offers ?? []).filter((o) => o.outcome === null && o.start <= at && at < o.end);
  return open.sort((a, b) => b.start - a.start)[0] ?? null;
}

export function planStep(state: PlannerState | null, event: PlannerEvent): PlannerStep {
  if (event.type === 'woke') return wake(state, event);
  if (!state) return { state, effects: [] };
  const offer = state.offers.find((o) => o.key === event.key && o.outcome === null);
  if (!offer || event.at >= offer.end) return { state, effects: [] };
  const replace = (next: PlanOffer): PlannerState => ({ ...state, offers: state.offers.map((o) => (o === offer ? next : o)) });
  switch (event.type) {
    case 'offerStarted':
      return {
        state: replace({ ...offer, outcome: 'started' }),
        effects: [{ type: 'startBlock', key: offer.key, templateId: offer.templateId }, ...settle(offer, 'started')],
      };
    case 'offerSnoozed':
      return {
        state: replace({ ...offer, snoozedUntil: event.at + SNOOZE_MS, notified: 'none' }),
        effects: [{ type: 'clearBlockNotice', key: offer.key }],
      };
    case 'offerDismissed':
      return { state: replace({ ...offer, outcome: 'skipped' }), effects: settle(offer, 'skipped') };
  }
}

function emptyState(zone: string, at: number): PlannerState {
  return { version: PLANNER_STATE_VERSION, zone, checkedUntil: at, offers: [], summarySentFor: null };
}

function wake(previous: PlannerState | null, event: Extract<PlannerEvent, { type: 'woke' }>): PlannerStep & { state: PlannerState } {
  const { at, plan, sessionRunning } = event;
  const zone = isKnownZone(event.zone) ? event.zone : 'UTC';
  const firstRun = previous === null;
  const state = previous ?? emptyState(zone, at);
  const effects: PlannerEffect[] = [];
  const offers = [...state.offers];
  const known = new Set(offers.map((o) => o.key));

  // Occurrences that came due since the last look (none on a first run: older blocks are not "missed"), and one
  // running now that was never seen (a first run, a block just added or moved onto now): it is offered.
  const since = firstRun
    ? []
    : occurrencesBetween(plan.schedule, plan.templates, zone, Math.max(state.checkedUntil, at - LOOKBACK_MS) + 1, at + 1);
  const running = occurrencesBetween(plan.schedule, plan.templates, zone, at - LONGEST_BLOCK_MS, at + 1).filter((o) => o.end > at);
  for (const o of [...since, ...running]) {
    if (known.has(o.key)) continue;
    known.add(o.key);
    const offer = offerOf(o);
    if (at >= o.end) {
      // The browser was closed for the whole block.
      offers.push({ ...offer, outcome: 'missed' });
      effects.push(settle(offer, 'missed')[0]!);
    } else offers.push(offer);
  }

  const next: PlanOffer[] = [];
  for (const offer of offers) {
    if (offer.outcome !== null) {
      if (offer.end >= at - KEEP_SETTLED_MS) next.push(offer);
      continue;
    }
    const block = plan.schedule.find((b) => b.id === offer.blockId);
    if (!block) {
      // The person deleted the block while it was on offer: it is no longer theirs to miss.
      effects.push({ type: 'clearBlockNotice', key: offer.key });
      continue;
    }
    if (at >= offer.end) {
      next.push({ ...offer, outcome: 'missed' });
      effects.push(...settle(offer, 'missed'));
      continue;
    }
    if (offer.snoozedUntil !== null && at < offer.snoozedUntil) {
      next.push(offer);
      continue;
    }
    const template = plan.templates.find((t) => t.id === offer.templateId);
    if (sessionRunning) {
      // Another session has the person: the block waits for it, said once.
      if (offer.notified === 'none') effects.push({ type: 'notifyBlockDue', key: offer.key, label: offer.label, waiting: true });
      next.push({ ...offer, notified: offer.notified === 'none' ? 'waiting' : offer.notified });
    } else if (block.autoStart && template && holdsCommitment(template)) {
      next.push({ ...offer, outcome: 'started' });
      effects.push({ type: 'startBlock', key: offer.key, templateId: offer.templateId }, ...settle(offer, 'started'));
    } else {
      if (offer.notified !== 'due') effects.push({ type: 'notifyBlockDue', key: offer.key, label: offer.label, waiting: false });
      next.push({ ...offer, notified: 'due' });
    }
  }

  let summarySentFor = state.summarySentFor;
  const summaryMinute = parseClockTime(plan.daySummary.at);
  const today = localDateOf(at, zone);
  if (plan.daySummary.enabled && summaryMinute !== undefined && !firstRun) {
    const summaryAt = instantOf(today, summaryMinute, zone);
    if (summaryAt > state.checkedUntil && summaryAt <= at && summarySentFor !== dateKey(today)) {
      summarySentFor = dateKey(today);
      effects.push({ type: 'notifyDaySummary', date: summarySentFor });
    }
  }

  const after: PlannerState = {
    version: PLANNER_STATE_VERSION,
    zone,
    checkedUntil: Math.max(state.checkedUntil, at),
    // Newest kept when a pathological history overflows the stored cap.
    offers: next.sort((a, b) => a.start - b.start).slice(-500),
    summarySentFor,
  };
  effects.push({ type: 'armPlanAlarm', at: nextWake(after, plan, zone, at) });
  return { state: after, effects };
}

/** The earliest moment something may change: a block's start, a snooze's end, an offer's end, the summary; within the hour. */
export function nextWake(state: PlannerState, plan: PlanSettings, zone: string, at: number): number | null {
  const moments: number[] = [];
  const next = nextOccurrence(plan.schedule, plan.templates, zone, at);
  if (next) moments.push(next.start);
  for (const o of state.offers) {
    if (o.outcome !== null) continue;
    moments.push(o.end);
    if (o.snoozedUntil !== null && o.snoozedUntil > at) moments.push(o.snoozedUntil);
  }
  const summaryMinute = parseClockTime(plan.daySummary.at);
  if (plan.daySummary.enabled && summaryMinute !== undefined) {
    const today = localDateOf(at, zone);
    const todays = instantOf(today, summaryMinute, zone);
    moments.push(todays > at ? todays : instantOf(addDays(today, 1), summaryMinute, zone));
  }
  if (moments.length === 0) return null;
  return Math.min(...moments.filter((m) => m > at), at + MAX_ALARM_AHEAD_MS);
}

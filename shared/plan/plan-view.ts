// What the popup shows of the plan: the block on offer now, and today's blocks with where each stands (zod-free, pure).
import type { PlannerState } from './planner-state';
import { dueOffer, type PlanSettings } from './planner-machine';
import { occurrencesOfDay } from './schedule';

export type TodayState = 'done' | 'now' | 'next' | 'missed' | 'later';

export interface PlanView {
  due: { key: string; label: string; start: number; end: number; waiting: boolean } | null;
  today: Array<{ key: string; label: string; start: number; end: number; state: TodayState }>;
}

/** `sessionRunning`: the offer waits for the running session to end. */
export function planView(state: PlannerState | null, plan: PlanSettings, zone: string, at: number, sessionRunning: boolean): PlanView {
  const offer = dueOffer(state, at);
  const due = offer ? { key: offer.key, label: offer.label, start: offer.start, end: offer.end, waiting: sessionRunning } : null;
  const offers = new Map((state?.offers ?? []).map((o) => [o.key, o]));
  const today: PlanView['today'] = [];
  let nextGiven = false;
  for (const o of occurrencesOfDay(plan.schedule, plan.templates, zone, at)) {
    const seen = offers.get(o.key);
    let state: TodayState;
    if (o.start > at) {
      state = nextGiven ? 'later' : 'next';
      nextGiven = true;
    } else if (seen?.outcome === 'missed' || seen?.outcome === 'skipped') state = 'missed';
    else if (at < o.end) state = 'now';
    else if (seen?.outcome === 'started') state = 'done';
    // A block that ended before the planner first looked (added late, or the first run): nothing true to say of it.
    else continue;
    today.push({ key: o.key, label: o.label, start: o.start, end: o.end, state });
  }
  return { due, today };
}

// Today at a glance from the day's history summary: focus and drift time, the reviews, the biggest pull.
import type { HistorySummary } from './aggregate';
import type { BlockOutcome, TodaySummary } from './history-records';

/** `blocks`: what became of the day's scheduled blocks (the history database keeps them apart from the sessions). */
export function todayOf(summary: HistorySummary, blocks: readonly BlockOutcome[] = []): TodaySummary {
  const reviews = summary.perSession
    .filter((s) => s.review !== null)
    .map((s) => ({ key: s.key, nextAction: s.nextAction, answer: s.review!.answer }))
    .reverse();
  const pull = summary.placesByTime.find((p) => p.driftMs > 0);
  return {
    focusedMs: summary.totals.ontask,
    driftMs: summary.totals.drifting,
    sessions: summary.sessions,
    reviews,
    biggestPull: pull ? { place: pull.place, driftMs: pull.driftMs } : null,
    blocks: [...blocks],
  };
}

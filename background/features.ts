// The worker's features, wired in the order of shared/features.ts: the one place in the background that names them.
import type { FEATURE_REQUESTS } from '../shared/features';
import type { StartSessionInput } from '../shared/messages/requests';
import type { UnionToIntersection } from '../shared/util/union-to-intersection';
import type { FeatureBase, FeatureHandlers } from './feature';
import { goalFeature } from './goal/goal-feature';
import { historyFeature } from './history/history-feature';
import { laterFeature } from './later/later-feature';
import { planFeature } from './plan/plan-feature';
import { strictFeature } from './strict/strict-feature';
import { syncFeature } from './sync/sync-feature';

/** Wires every feature, each given what the ones before it offer (the plan reads the history), and gathers their answers. */
export function wireFeatures(base: FeatureBase) {
  const history = historyFeature.wire(base, undefined);
  const strict = strictFeature.wire(base, undefined);
  const sync = syncFeature.wire(base, undefined);
  const goal = goalFeature.wire(base, history.offers);
  const plan = planFeature.wire(base, { history: history.offers, daySummaryLines: () => daySummaryLines() });
  const later = laterFeature.wire(base, undefined);
  const wired = [history, strict, sync, goal, plan, later] as const;
  /** Every feature's line for the end-of-day summary, in the list's order; one that fails says nothing. */
  const daySummaryLines = async (): Promise<string[]> =>
    (await Promise.all(wired.map((feature) => feature.daySummaryLine?.().catch(() => null) ?? null))).filter((line) => line !== null);
  const handlers = Object.assign({}, ...wired.map((feature) => feature.handlers)) as HandlersOf<typeof wired>;
  return {
    /** Every feature's request handlers, in one table: a declared request without its handler fails the typecheck. */
    handlers: handlers satisfies FeatureRequestHandlers,
    /** Every feature's say on a session's start: its problems in words. */
    startProblems: (input: StartSessionInput): string[] => wired.flatMap((feature) => feature.startProblems?.(input) ?? []),
    /** What the features offer the tests and the bench (the recorder, the planner, sync). */
    offers: { history: history.offers, settingsSync: sync.offers, planner: plan.offers, later: later.offers },
  };
}

/** The wired features' handler tables, side by side. */
type HandlersOf<W extends readonly { handlers: object }[]> = UnionToIntersection<W[number]['handlers']>;
/** A handler for every request the features list declares. */
type FeatureRequestHandlers = FeatureHandlers<{ name: string; requests: typeof FEATURE_REQUESTS }>;

export type WiredFeatures = ReturnType<typeof wireFeatures>;

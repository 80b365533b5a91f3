// The worker's features, wired in the order of shared/features.ts: the one place in the background that names them.
import type { StartSessionInput } from '../shared/messages/requests';
import type { FeatureBase } from './feature';
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
  const plan = planFeature.wire(base, history.offers);
  const later = laterFeature.wire(base, undefined);
  const wired = [history, strict, sync, plan, later];
  return {
    /** Every feature's request handlers, in one table. */
    handlers: { ...history.handlers, ...strict.handlers, ...sync.handlers, ...plan.handlers, ...later.handlers },
    /** Every feature's say on a session's start: its problems in words. */
    startProblems: (input: StartSessionInput): string[] => wired.flatMap((feature) => feature.startProblems?.(input) ?? []),
    /** What the features offer the tests and the bench (the recorder, the planner, sync). */
    offers: { history: history.offers, settingsSync: sync.offers, planner: plan.offers, later: later.offers },
  };
}

export type WiredFeatures = ReturnType<typeof wireFeatures>;

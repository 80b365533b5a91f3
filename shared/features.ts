// The one list of antidrift's features: it feeds the request table (and from it the background's handler table), the settings record and its scopes, and the lint's feature list.
import { GOAL_FEATURE } from './goal/goal-feature';
import { HISTORY_FEATURE } from './history/history-feature';
import { LATER_FEATURE } from './later/later-feature';
import type { FeatureDeclaration, FeatureSettings } from './messages/request-spec';
import { PLAN_FEATURE } from './plan/plan-feature';
import { STRICT_FEATURE } from './strict/strict-feature';
import { SYNC_FEATURE } from './sync/sync-feature';
import type { UnionToIntersection } from './util/union-to-intersection';

/** Every feature, in the order the worker wires them (history first: the goal and the plan read it). */
export const FEATURES = [
  HISTORY_FEATURE,
  STRICT_FEATURE,
  SYNC_FEATURE,
  GOAL_FEATURE,
  PLAN_FEATURE,
  LATER_FEATURE,
] as const satisfies readonly FeatureDeclaration[];

export type FeatureName = (typeof FEATURES)[number]['name'];

/** Every feature's requests in one table (a name two features both declare fails `requests.test`). */
export const FEATURE_REQUESTS = Object.assign({}, ...FEATURES.map((feature) => feature.requests)) as UnionToIntersection<
  (typeof FEATURES)[number]['requests']
>;

type Declared = (typeof FEATURES)[number];
type WithSettings = Extract<Declared, { settings: FeatureSettings }>;

/** Every feature's settings section, in the list's order (their schemas are still unbuilt: nothing here touches them). */
export const FEATURE_SETTINGS: readonly FeatureSettings[] = FEATURES.flatMap((feature) =>
  'settings' in feature ? [feature.settings] : [],
);

/** The fields of every feature's section, side by side, as the settings record's shape has them. */
export type FeatureSettingsShape = UnionToIntersection<WithSettings['settings']['schema']['shape']>;
/** Each of those fields' scope, exactly as its feature declares it. */
export type FeatureSettingScopes = UnionToIntersection<WithSettings['settings']['scopes']>;

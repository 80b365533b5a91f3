// The features' places in the surfaces: what the popup's idle view, Options and the History page show of each, in one list.
import { GOAL_SLOTS } from './goal/goal-slots';
import type { FeatureSlots } from './slot-types';

/** Every feature that shows itself in a surface, in the features list's order. */
export const FEATURE_SLOTS: readonly FeatureSlots[] = [GOAL_SLOTS];

/** The Options slots, by feature name. */
export const OPTIONS_SLOTS = FEATURE_SLOTS.flatMap((slots) => (slots.options ? [{ name: slots.name, ...slots.options }] : []));

// The weekly goal's places in the surfaces: a line in the popup's idle view and on History, and a section of Options.
import type { FeatureSlots } from '../slot-types';
import { GOAL_OPTIONS } from './goal-options';
import { WeeklyGoalCard, WeeklyGoalLine } from './weekly-goal';

export const GOAL_SLOTS: FeatureSlots = { name: 'goal', PopupIdle: WeeklyGoalLine, HistoryCard: WeeklyGoalCard, options: GOAL_OPTIONS };

// Options → Weekly goal: the hours of focus a week the person aims for (0 for none), as the weekly goal's Options slot.
import { WEEKLY_GOAL_HOURS } from '../../shared/goal/goal-words';
import { numberOf, Section, TextField } from '../components/form-fields';
import type { OptionsSlot } from '../slot-types';

export const GOAL_OPTIONS: OptionsSlot<string> = {
  fields: ['weeklyFocusGoalHours'],
  toDraft: (settings) => String(settings.weeklyFocusGoalHours),
  fromDraft: (hours) => ({ weeklyFocusGoalHours: numberOf(hours) }),
  Section: ({ draft, set, error }) => (
    <Section title="Weekly goal" id="weekly-goal-title" anchor="weekly-goal">
      <TextField
        id="weekly-goal-hours"
        testId="weekly-goal-hours"
        type="number"
        label="Hours of focus a week"
        step={String(WEEKLY_GOAL_HOURS.step)}
        min={WEEKLY_GOAL_HOURS.min}
        max={WEEKLY_GOAL_HOURS.max}
        value={draft}
        onInput={set}
        error={error}
        hint="Focused time in sessions, Monday to Sunday, local time. The popup and History show how far you are; 0 shows no goal."
      />
    </Section>
  ),
};

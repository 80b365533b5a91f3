// The feature slots list: the goal is in it with its popup line, History card and Options slot; each Options slot round-trips the settings.
import { describe, expect, it } from 'vitest';
import { fromDraft, toDraft } from '../../../entrypoints/options/settings-draft';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';
import { FEATURE_SLOTS, OPTIONS_SLOTS } from '../../../ui/feature-slots';
import { GOAL_OPTIONS } from '../../../ui/goal/goal-options';
import { GOAL_SLOTS } from '../../../ui/goal/goal-slots';
import { WeeklyGoalCard, WeeklyGoalLine } from '../../../ui/goal/weekly-goal';

/** The fields a slot owns, as they are in `settings`. */
const fieldsOf = (settings: Settings, fields: readonly (keyof Settings)[]) => Object.fromEntries(fields.map((f) => [f, settings[f]]));

describe('feature slots', () => {
  it('names the goal, once, with its line in the popup and on History and its Options section', () => {
    const names = FEATURE_SLOTS.map((s) => s.name);
    expect(names).toContain('goal');
    expect(new Set(names).size).toBe(names.length);
    const goal = FEATURE_SLOTS.find((s) => s.name === 'goal');
    expect(goal).toBe(GOAL_SLOTS);
    expect(goal?.PopupIdle).toBe(WeeklyGoalLine);
    expect(goal?.HistoryCard).toBe(WeeklyGoalCard);
    expect(goal?.options).toBe(GOAL_OPTIONS);
    expect(OPTIONS_SLOTS.map((s) => s.name)).toContain('goal');
  });

  it('every Options slot owns real settings fields, and no field belongs to two slots', () => {
    const settings = defaultSettings();
    const owned = OPTIONS_SLOTS.flatMap((s) => s.fields);
    expect(owned.length).toBeGreaterThan(0);
    for (const field of owned) expect(Object.keys(settings)).toContain(field);
    expect(new Set(owned).size).toBe(owned.length);
  });

  it.each(OPTIONS_SLOTS.map((slot) => [slot.name, slot] as const))(
    "%s's Options slot: toDraft then fromDraft gives back the default settings' fields, and only those",
    (_name, slot) => {
      const settings = defaultSettings();
      expect(slot.fromDraft(slot.toDraft(settings))).toEqual(fieldsOf(settings, slot.fields));
    },
  );

  it("the goal's slot drafts the hours as text and reads them back, 0 for no goal and half hours kept", () => {
    expect(GOAL_OPTIONS.fields).toEqual(['weeklyFocusGoalHours']);
    expect(GOAL_OPTIONS.toDraft(defaultSettings())).toBe('0');
    const set = { ...defaultSettings(), weeklyFocusGoalHours: 7.5 };
    expect(GOAL_OPTIONS.toDraft(set)).toBe('7.5');
    expect(GOAL_OPTIONS.fromDraft(GOAL_OPTIONS.toDraft(set))).toEqual({ weeklyFocusGoalHours: 7.5 });
    expect(GOAL_OPTIONS.fromDraft(' 12 ')).toEqual({ weeklyFocusGoalHours: 12 });
    // A blank field is not zero: the record's check refuses it.
    expect(GOAL_OPTIONS.fromDraft('  ').weeklyFocusGoalHours).toBeNaN();
  });

  it("the whole Options draft carries each slot's draft and round-trips the default settings", () => {
    const settings = defaultSettings();
    const draft = toDraft(settings);
    expect(Object.keys(draft.slots).sort()).toEqual(OPTIONS_SLOTS.map((s) => s.name).sort());
    expect(draft.slots['goal']).toBe('0');
    expect(fromDraft(draft, settings)).toEqual({ settings });
  });
});

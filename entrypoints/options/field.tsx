// The options page's range field (bounds from SETTING_RANGES), beside the form controls every settings surface shares.
import { SETTING_RANGES } from '../../shared/core/core-limits';
import { TextField } from '../../ui/components/form-fields';
import type { Draft, DraftErrors } from './settings-draft';

export { CheckField, Hint, Section, TextField } from '../../ui/components/form-fields';

type RangeSetting = keyof typeof SETTING_RANGES;

/** A number setting whose bounds and step come from SETTING_RANGES; its id is also its test id. */
export function RangeField(p: {
  setting: RangeSetting;
  id: string;
  label: string;
  hint?: string;
  draft: Pick<Draft, RangeSetting>;
  errors: DraftErrors;
  set(patch: Partial<Draft>): void;
}) {
  const range = SETTING_RANGES[p.setting];
  return (
    <TextField
      id={p.id}
      testId={p.id}
      label={p.label}
      type="number"
      step={String(range.step)}
      min={range.min}
      max={range.max}
      value={p.draft[p.setting]}
      onInput={(value) => p.set({ [p.setting]: value })}
      error={p.errors[p.setting]}
      {...(p.hint ? { hint: p.hint } : {})}
    />
  );
}

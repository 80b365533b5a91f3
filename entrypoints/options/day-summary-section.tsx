// Options → End of day: the optional notification with today's totals and the biggest pull (off until the person turns it on).
import { CheckField, Section, TextField } from './field';
import type { Draft, DraftErrors } from './settings-draft';

export function DaySummarySection(p: { draft: Draft; set(patch: Partial<Draft>): void; errors: DraftErrors }) {
  const { draft, set, errors } = p;
  return (
    <Section title="End of day" id="day-summary-title">
      <CheckField
        id="day-summary"
        testId="day-summary"
        label="Summarise my day"
        checked={draft.daySummaryEnabled}
        onChange={(daySummaryEnabled) => set({ daySummaryEnabled })}
        hint="A notification at a time you choose, with today's focus and drift time and what pulled you away most; click it for History."
      />
      {draft.daySummaryEnabled ? (
        <TextField
          id="day-summary-at"
          testId="day-summary-at"
          type="time"
          label="At (your local time)"
          value={draft.daySummaryAt}
          onInput={(daySummaryAt) => set({ daySummaryAt })}
          error={errors.daySummaryAt}
        />
      ) : null}
    </Section>
  );
}

// Options: timings, nudges on/off, privacy (incognito, redaction, URLs) and browser window classes.
import { SETTING_RANGES } from '../../shared/core/limits';
import { CheckField, Section, TextField } from './field';
import type { Draft, DraftErrors } from './settings-draft';

export function BehaviourSection(p: { draft: Draft; set(patch: Partial<Draft>): void; errors: DraftErrors }) {
  const { draft, set, errors } = p;
  return (
    <>
      <Section title="Timing" id="timing-title">
        <CheckField
          id="nudge-enabled"
          testId="nudge-enabled"
          label="Heads-up nudges"
          checked={draft.nudgeEnabled}
          onChange={(nudgeEnabled) => set({ nudgeEnabled })}
          hint="A soft, periodic check that your allowed apps still serve the task."
        />
        <TextField
          id="nudge-interval"
          testId="nudge-interval"
          label="Nudge interval (minutes)"
          type="number"
          step={String(SETTING_RANGES.nudgeIntervalMinutes.step)}
          min={SETTING_RANGES.nudgeIntervalMinutes.min}
          max={SETTING_RANGES.nudgeIntervalMinutes.max}
          value={draft.nudgeIntervalMinutes}
          onInput={(nudgeIntervalMinutes) => set({ nudgeIntervalMinutes })}
          error={errors.nudgeIntervalMinutes}
        />
        <TextField
          id="judge-debounce"
          testId="judge-debounce"
          label="Drift judge delay (seconds)"
          type="number"
          step={String(SETTING_RANGES.judgeDebounceSeconds.step)}
          min={SETTING_RANGES.judgeDebounceSeconds.min}
          max={SETTING_RANGES.judgeDebounceSeconds.max}
          value={draft.judgeDebounceSeconds}
          onInput={(judgeDebounceSeconds) => set({ judgeDebounceSeconds })}
          error={errors.judgeDebounceSeconds}
          hint="How long you stay on an unlisted app before the AI is asked about it."
        />
      </Section>
      <Section title="Privacy" id="privacy-title">
        <CheckField
          id="never-send-urls"
          testId="never-send-urls"
          label="Never send URLs to the AI"
          checked={draft.neverSendUrls}
          onChange={(neverSendUrls) => set({ neverSendUrls })}
          hint="Only window titles and site names are used."
        />
        <CheckField
          id="include-incognito"
          testId="include-incognito"
          label="Watch private (incognito) windows"
          checked={draft.includeIncognito}
          onChange={(includeIncognito) => set({ includeIncognito })}
        />
        <TextField
          id="redact-patterns"
          testId="redact-patterns"
          label="Redact from titles (regular expressions, one per line)"
          multiline
          value={draft.redactPatterns}
          placeholder={'\\d{4}-\\d{4}-\\d{4}\nAcme Secret Project'}
          onInput={(redactPatterns) => set({ redactPatterns })}
          error={errors.redactPatterns}
          hint="Matches become [redacted] before a title can reach any prompt. Case-insensitive."
        />
      </Section>
      <Section title="Browsers" id="browsers-title">
        <TextField
          id="browser-classes"
          testId="browser-classes"
          label="Window classes of browsers (one per line)"
          multiline
          value={draft.browserWindowClasses}
          onInput={(browserWindowClasses) => set({ browserWindowClasses })}
          error={errors.browserWindowClasses}
          hint="While one of these has focus, the active tab speaks for it."
        />
      </Section>
    </>
  );
}

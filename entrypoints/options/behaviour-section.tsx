// Options: timings, nudges on/off, away, privacy (incognito, redaction, URLs, history) and browser window classes.
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
        <TextField
          id="away-after"
          testId="away-after"
          label="Away after (seconds without input)"
          type="number"
          step={String(SETTING_RANGES.awayAfterSeconds.step)}
          min={SETTING_RANGES.awayAfterSeconds.min}
          max={SETTING_RANGES.awayAfterSeconds.max}
          value={draft.awayAfterSeconds}
          onInput={(awayAfterSeconds) => set({ awayAfterSeconds })}
          error={errors.awayAfterSeconds}
          hint="No keyboard or mouse for this long, or a locked screen, counts as away: neither on task nor drifting, and nothing is judged."
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
          hint="Matches become [redacted] before a title can reach any prompt or the history. Case-insensitive."
        />
        <CheckField
          id="history-keep-titles"
          testId="history-keep-titles"
          label="Keep window titles in the history"
          checked={draft.historyKeepTitles}
          onChange={(historyKeepTitles) => set({ historyKeepTitles })}
          hint="Off: the history keeps sites, apps and times only."
        />
        <TextField
          id="history-retention"
          testId="history-retention"
          label="Keep history for (days)"
          type="number"
          step={String(SETTING_RANGES.historyRetentionDays.step)}
          min={SETTING_RANGES.historyRetentionDays.min}
          max={SETTING_RANGES.historyRetentionDays.max}
          value={draft.historyRetentionDays}
          onInput={(historyRetentionDays) => set({ historyRetentionDays })}
          error={errors.historyRetentionDays}
          hint="Older sessions are deleted. History stays in this browser; nothing is uploaded."
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

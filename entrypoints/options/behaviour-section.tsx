// Options: timings (nudges, away, a strict session's wait), privacy (incognito, redaction, URLs, history) and browser window classes.
import { CheckField, RangeField, Section, TextField } from './field';
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
        <RangeField
          setting="nudgeIntervalMinutes"
          id="nudge-interval"
          label="Nudge interval (minutes)"
          draft={draft}
          errors={errors}
          set={set}
        />
        <RangeField
          setting="judgeDebounceSeconds"
          id="judge-debounce"
          label="Drift judge delay (seconds)"
          hint="How long you stay on an unlisted app before the AI is asked about it."
          draft={draft}
          errors={errors}
          set={set}
        />
        <RangeField
          setting="awayAfterSeconds"
          id="away-after"
          label="Away after (seconds without input)"
          hint="No keyboard or mouse for this long, or a locked screen, counts as away: neither on task nor drifting, and nothing is judged."
          draft={draft}
          errors={errors}
          set={set}
        />
        <RangeField
          setting="strictWaitSeconds"
          id="strict-wait"
          label="Strict sessions wait this long before ending early or pausing (seconds)"
          hint="Keep going stays one click away the whole time; after a strict session's timebox, ending needs no wait."
          draft={draft}
          errors={errors}
          set={set}
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
          hint="A strict session blocks sites there too. The browser must let antidrift run in private windows: in Chrome, Edge or Brave, Extensions → antidrift → Details → Allow in Incognito; in Firefox, Add-ons → antidrift → Run in Private Windows."
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
        <RangeField
          setting="historyRetentionDays"
          id="history-retention"
          label="Keep history for (days)"
          hint="Older sessions are deleted. History stays in this browser; nothing is uploaded."
          draft={draft}
          errors={errors}
          set={set}
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

// The options form as text fields, and its validation back into Settings: zod's issues, mapped to the fields.
import { Settings } from '../../shared/settings/stored-settings';
import { numberOf } from '../../ui/components/form-fields';
import { OPTIONS_SLOTS } from '../../ui/feature-slots';
import { fromTemplateDrafts, toTemplateDrafts, type TemplateDraft } from './template-draft';
import { fromScheduleDraft, scheduleErrorsOf, toScheduleDraft, type BlockDraft, type ScheduleErrors } from './schedule-draft';

export interface Draft {
  backend: string | null;
  model: string;
  aiTimeoutSeconds: string;
  allowed: string[];
  blocked: string[];
  addedFromBanner: string[];
  mixedUseSites: string[];
  nudgeEnabled: boolean;
  nudgeIntervalMinutes: string;
  judgeDebounceSeconds: string;
  includeIncognito: boolean;
  neverSendUrls: boolean;
  /** One pattern per line. */
  redactPatterns: string;
  /** One window class per line. */
  browserWindowClasses: string;
  awayAfterSeconds: string;
  strictWaitSeconds: string;
  historyRetentionDays: string;
  historyKeepTitles: boolean;
  templates: TemplateDraft[];
  syncEnabled: boolean;
  schedule: BlockDraft[];
  daySummaryEnabled: boolean;
  /** "HH:MM" (an <input type=time> gives that form). */
  daySummaryAt: string;
  /** Each feature slot's own draft, by feature name (ui/feature-slots.ts). */
  slots: Record<string, unknown>;
}

/** A template has its own message, keyed `templates.<index>`; `blocks`: the schedule's messages, next to each block. */
type ItemKey = `templates.${number}`;
export type DraftErrors = Partial<Record<Exclude<keyof Draft, 'slots'> | 'form' | ItemKey, string>> & {
  blocks?: ScheduleErrors;
  /** A feature slot's first problem, by feature name. */
  slots?: Record<string, string>;
};

export function toDraft(s: Settings): Draft {
  return {
    backend: s.backend,
    model: s.model,
    aiTimeoutSeconds: String(s.aiTimeoutSeconds),
    allowed: [...s.allowed],
    blocked: [...s.blocked],
    addedFromBanner: [...s.addedFromBanner],
    mixedUseSites: [...s.mixedUseSites],
    nudgeEnabled: s.nudgeEnabled,
    nudgeIntervalMinutes: String(s.nudgeIntervalMinutes),
    judgeDebounceSeconds: String(s.judgeDebounceSeconds),
    includeIncognito: s.includeIncognito,
    neverSendUrls: s.neverSendUrls,
    redactPatterns: s.redactPatterns.join('\n'),
    browserWindowClasses: s.browserWindowClasses.join('\n'),
    awayAfterSeconds: String(s.awayAfterSeconds),
    strictWaitSeconds: String(s.strictWaitSeconds),
    historyRetentionDays: String(s.historyRetentionDays),
    historyKeepTitles: s.historyKeepTitles,
    templates: toTemplateDrafts(s.templates),
    syncEnabled: s.syncEnabled,
    schedule: toScheduleDraft(s.schedule),
    daySummaryEnabled: s.daySummary.enabled,
    daySummaryAt: s.daySummary.at,
    slots: Object.fromEntries(OPTIONS_SLOTS.map((slot) => [slot.name, slot.toDraft(s)])),
  };
}

/**
 * The person's edits on top of settings that changed elsewhere: a field they edited keeps their value,
 * every other field takes the fresh one (so a template added in another browser is not reverted by Save).
 */
export function rebaseDraft(draft: Draft, base: Draft, fresh: Draft): Draft {
  const out = { ...fresh } as Record<keyof Draft, unknown>;
  for (const key of Object.keys(draft) as Array<keyof Draft>) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(base[key])) out[key] = draft[key];
  }
  return out as unknown as Draft;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** How a field's message begins: the schema's messages are written to follow these labels. */
const LABELS: Partial<Record<keyof Draft, string>> = {
  model: 'Model',
  aiTimeoutSeconds: 'Timeout',
  nudgeIntervalMinutes: 'Nudge interval',
  judgeDebounceSeconds: 'Judge debounce',
  awayAfterSeconds: 'Away after',
  strictWaitSeconds: 'Strict wait',
  historyRetentionDays: 'Keep history',
};
/** One entry per line: a message names the line that is wrong. */
const LINE_FIELDS = ['redactPatterns', 'browserWindowClasses'] as const;
type LineField = (typeof LINE_FIELDS)[number];
const isLineField = (field: unknown): field is LineField => (LINE_FIELDS as readonly unknown[]).includes(field);

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fromDraft(d: Draft, base: Settings): { settings: Settings } | { errors: DraftErrors } {
  const redactPatterns = lines(d.redactPatterns);
  const browserWindowClasses = lines(d.browserWindowClasses);
  const parsed = Settings.safeParse({
    ...base,
    backend: d.backend,
    model: d.model.trim(),
    aiTimeoutSeconds: numberOf(d.aiTimeoutSeconds),
    allowed: d.allowed,
    blocked: d.blocked,
    addedFromBanner: d.addedFromBanner,
    mixedUseSites: d.mixedUseSites,
    nudgeEnabled: d.nudgeEnabled,
    nudgeIntervalMinutes: numberOf(d.nudgeIntervalMinutes),
    judgeDebounceSeconds: numberOf(d.judgeDebounceSeconds),
    includeIncognito: d.includeIncognito,
    neverSendUrls: d.neverSendUrls,
    redactPatterns,
    browserWindowClasses,
    awayAfterSeconds: numberOf(d.awayAfterSeconds),
    strictWaitSeconds: numberOf(d.strictWaitSeconds),
    historyRetentionDays: numberOf(d.historyRetentionDays),
    historyKeepTitles: d.historyKeepTitles,
    templates: fromTemplateDrafts(d.templates),
    syncEnabled: d.syncEnabled,
    schedule: fromScheduleDraft(d.schedule),
    daySummary: { enabled: d.daySummaryEnabled, at: d.daySummaryAt.trim() },
    ...Object.assign({}, ...OPTIONS_SLOTS.map((slot) => slot.fromDraft(d.slots[slot.name]))),
  });
  if (parsed.success) return { settings: parsed.data };
  const errors: DraftErrors = {};
  const typed: Record<LineField, string[]> = { redactPatterns, browserWindowClasses };
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path as [keyof Draft | undefined, unknown];
    if (field === 'templates' && typeof index === 'number') {
      const item = `templates.${index}` as const;
      // The name is what a person tells templates apart by: its problem wins, then the first other one.
      if (!errors[item] || issue.path[2] === 'name') errors[item] = `${capitalize(issue.message)}.`;
      continue;
    }
    if (field === 'schedule') continue;
    const slot = OPTIONS_SLOTS.find((s) => (s.fields as readonly unknown[]).includes(field));
    if (slot) {
      errors.slots ??= {};
      errors.slots[slot.name] ??= `${capitalize(issue.message)}.`;
      continue;
    }
    if ((field as string) === 'daySummary') {
      errors.daySummaryAt ??= `At: ${issue.message}.`;
      continue;
    }
    const key: Exclude<keyof DraftErrors, 'slots' | 'blocks'> =
      field && field !== 'slots' && (field in LABELS || isLineField(field)) ? field : 'form';
    if (errors[key]) continue; // the first problem of a field is the one to fix first
    if (isLineField(key)) {
      errors[key] =
        typeof index === 'number' ? `Line ${index + 1} (${typed[key][index]}): ${issue.message}.` : `${capitalize(issue.message)}.`;
    } else if (key === 'form') {
      errors.form = `${issue.path.join('.') || 'settings'}: ${issue.message}`;
    } else {
      errors[key] = `${LABELS[key]}: ${issue.message}.`;
    }
  }
  const blocks = scheduleErrorsOf(parsed.error.issues);
  if (Object.keys(blocks).length) errors.blocks = blocks;
  return { errors };
}

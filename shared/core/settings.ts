// The person's settings: one versioned zod record, with defaults and migrations from older versions.
import * as z from 'zod';
import {
  MAX_BROWSER_CLASSES,
  MAX_CLASS_CHARS,
  MAX_MODEL_CHARS,
  MAX_PATTERN_CHARS,
  MAX_REDACT_PATTERNS,
  SETTING_RANGES,
  type SettingRange,
} from './limits';
import { EntryList } from './match';
import { BackendName } from '../protocol/frames';
import { BlockList, DaySummarySetting, scheduleProblems, TemplateList } from '../plan/records';

/** 2 added the plan (templates, schedule, day summary) and the sync switch. */
export const SETTINGS_VERSION = 2;

/**
 * OS window classes (X11 WM_CLASS, Windows process names, macOS app names) of browsers: while one
 * has focus, the tab observation speaks for it.
 */
export const DEFAULT_BROWSER_CLASSES = [
  'chromium',
  'google chrome',
  'microsoft edge',
  'brave browser',
  'vivaldi',
  'chromium-browser',
  'google-chrome',
  'chrome',
  'microsoft-edge',
  'msedge',
  'brave-browser',
  'brave',
  'vivaldi-stable',
  'firefox',
  'firefox-esr',
  'navigator',
  'librewolf',
  // Wayland app ids of the Flatpak builds.
  'org.mozilla.firefox',
  'org.chromium.chromium',
  'com.google.chrome',
  'com.brave.browser',
  'com.microsoft.edge',
  'io.gitlab.librewolf-community',
];

/** Why a redaction pattern cannot be used (the RegExp engine's own words), or undefined when it can. */
export function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'giu');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : 'not a valid regular expression';
  }
}

const RedactPattern = z
  .string()
  .min(1, 'a pattern cannot be empty')
  .max(MAX_PATTERN_CHARS, `at most ${MAX_PATTERN_CHARS} characters`)
  .superRefine((pattern, ctx) => {
    const problem = patternProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A numeric setting within its range. The messages are written to follow the field's label
 * ("Timeout: between 5 and 300 seconds"), so the options form shows zod's issue as it is.
 */
function rangedNumber(range: SettingRange, unit: string) {
  const outside = `between ${range.min} and ${range.max} ${unit}`;
  const number = z.number({ error: 'enter a number' });
  return (range.integer ? number.int(`enter whole ${unit}`) : number)
    .min(range.min, outside)
    .max(range.max, outside)
    .default(range.fallback);
}

export const Settings = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    /** null: the first available backend, in the order the host reports them. */
    backend: BackendName.nullable().default(null),
    model: z.string().max(MAX_MODEL_CHARS, `at most ${MAX_MODEL_CHARS} characters`).default(''),
    aiTimeoutSeconds: rangedNumber(SETTING_RANGES.aiTimeoutSeconds, 'seconds'),
    allowed: EntryList.default([]),
    blocked: EntryList.default([]),
    /** Apps and sites the person declared on task from a drift banner (also in `allowed`). */
    addedFromBanner: EntryList.default([]),
    nudgeEnabled: z.boolean().default(true),
    nudgeIntervalMinutes: rangedNumber(SETTING_RANGES.nudgeIntervalMinutes, 'minutes'),
    judgeDebounceSeconds: rangedNumber(SETTING_RANGES.judgeDebounceSeconds, 'seconds'),
    includeIncognito: z.boolean().default(false),
    /** No input for this long (or a locked screen) is away: neither on task nor drifting. */
    awayAfterSeconds: rangedNumber(SETTING_RANGES.awayAfterSeconds, 'seconds'),
    /** How long a strict session makes the person wait before ending early or pausing. */
    strictWaitSeconds: rangedNumber(SETTING_RANGES.strictWaitSeconds, 'seconds'),
    /** History older than this is deleted. */
    historyRetentionDays: rangedNumber(SETTING_RANGES.historyRetentionDays, 'days'),
    /** Off: history keeps places (sites, apps) and times, never a title. */
    historyKeepTitles: z.boolean().default(true),
    redactPatterns: z.array(RedactPattern).max(MAX_REDACT_PATTERNS, `at most ${MAX_REDACT_PATTERNS} patterns`).default([]),
    neverSendUrls: z.boolean().default(true),
    browserWindowClasses: z
      .array(
        z.string().trim().toLowerCase().min(1, 'a class cannot be empty').max(MAX_CLASS_CHARS, `at most ${MAX_CLASS_CHARS} characters`),
      )
      .max(MAX_BROWSER_CLASSES, `at most ${MAX_BROWSER_CLASSES} classes`)
      .default(DEFAULT_BROWSER_CLASSES),
    /** What the start form and the schedule start from. */
    templates: TemplateList.default([]),
    schedule: BlockList.default([]),
    daySummary: DaySummarySetting.default({ enabled: false, at: '18:00' }),
    /** Settings, lists, templates and the schedule follow the person through the browser's sync (this switch stays per machine). */
    syncEnabled: z.boolean().default(true),
  })
  .superRefine((settings, ctx) => {
    for (const p of scheduleProblems(settings.schedule, settings.templates)) {
      ctx.addIssue({ code: 'custom', path: ['schedule', p.index, p.field], message: p.message });
    }
  });
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = Settings.parse({ version: SETTINGS_VERSION });

/** Settings as they were saved before versioning (v0): flat lists under other names. */
const SettingsV0 = z.object({
  allowedApps: z.array(z.string()).optional(),
  blockedApps: z.array(z.string()).optional(),
  backend: z.string().optional(),
  model: z.string().optional(),
});

export type SettingsLoad = { ok: true; settings: Settings; migratedFrom?: number } | { ok: false; settings: Settings; error: string };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`)
    .join('; ');
}

/**
 * Reads stored or imported settings: current version as is, older versions migrated, anything
 * else rejected with a readable reason (the caller decides between defaults and refusing).
 */
export function loadSettings(raw: unknown): SettingsLoad {
  if (raw === undefined || raw === null) return { ok: true, settings: DEFAULT_SETTINGS };
  const version = typeof raw === 'object' && raw !== null && 'version' in raw ? (raw as { version: unknown }).version : 0;
  if (version === SETTINGS_VERSION) {
    const parsed = Settings.safeParse(raw);
    return parsed.success
      ? { ok: true, settings: parsed.data }
      : { ok: false, settings: DEFAULT_SETTINGS, error: describeIssues(parsed.error) };
  }
  if (version === 1) {
    // Version 2 only added fields, each with its default.
    const parsed = Settings.safeParse({ ...(raw as object), version: SETTINGS_VERSION });
    return parsed.success
      ? { ok: true, settings: parsed.data, migratedFrom: 1 }
      : { ok: false, settings: DEFAULT_SETTINGS, error: describeIssues(parsed.error) };
  }
  if (version === 0) {
    const v0 = SettingsV0.safeParse(raw);
    if (!v0.success) return { ok: false, settings: DEFAULT_SETTINGS, error: describeIssues(v0.error) };
    const migrated = Settings.safeParse({
      version: SETTINGS_VERSION,
      allowed: v0.data.allowedApps ?? [],
      blocked: v0.data.blockedApps ?? [],
      ...(v0.data.backend ? { backend: v0.data.backend } : {}),
      ...(v0.data.model ? { model: v0.data.model } : {}),
    });
    return migrated.success
      ? { ok: true, settings: migrated.data, migratedFrom: 0 }
      : { ok: false, settings: DEFAULT_SETTINGS, error: describeIssues(migrated.error) };
  }
  return { ok: false, settings: DEFAULT_SETTINGS, error: `unknown settings version ${JSON.stringify(version)}` };
}

/** Applies the person's redaction patterns to a title before it can reach any prompt. */
export function redactTitle(title: string, patterns: readonly string[]): string {
  let out = title;
  for (const p of patterns) {
    const regex = compiled(p);
    if (regex) out = out.replace(regex, '[redacted]');
  }
  return out;
}

/** Compiled patterns, so an observation does not rebuild up to 50 regexes; bounded for edited lists. */
const compiledPatterns = new Map<string, RegExp | null>();

function compiled(pattern: string): RegExp | null {
  let regex = compiledPatterns.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, 'giu');
    } catch {
      regex = null; // Validated on save; a pattern that still fails is skipped rather than leaking an error.
    }
    if (compiledPatterns.size >= 200) compiledPatterns.clear();
    compiledPatterns.set(pattern, regex);
  }
  return regex;
}

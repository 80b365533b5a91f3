// The session's settings section: what the core reads (lists, the judge's and nudge's timings, the AI backend), its schema, defaults and sync scopes.
import * as z from 'zod';
import {
  MAX_AI_CONSENTS,
  MAX_BROWSER_CLASSES,
  MAX_CLASS_CHARS,
  MAX_MODEL_CHARS,
  MAX_PATTERN_CHARS,
  MAX_REDACT_PATTERNS,
  SETTING_RANGES,
  type SettingRange,
} from './core-limits';
import { CONSENT_ANSWERS } from './ai-consent';
import { EntryList } from './match';
import { DEFAULT_MIXED_USE_SITES } from './site-parts';
import { BackendName } from '../protocol/frames';
import { onFirstUse } from '../util/on-first-use';

/**
 * Which settings follow the person through the browser's sync and which stay on this machine. Each
 * section of the settings record (this one, and each feature's) classifies its own fields.
 */
export type SettingScope = 'sync' | 'local';

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

const RedactPattern = onFirstUse(() =>
  z
    .string()
    .min(1, 'a pattern cannot be empty')
    .max(MAX_PATTERN_CHARS, `at most ${MAX_PATTERN_CHARS} characters`)
    .superRefine((pattern, ctx) => {
      const problem = patternProblem(pattern);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

/**
 * A numeric setting within its range. The messages are written to follow the field's label
 * ("Timeout: between 5 and 300 seconds"), so the options form shows zod's issue as it is.
 */
export function rangedNumber(range: SettingRange, unit: string) {
  const outside = `between ${range.min} and ${range.max} ${unit}`;
  const number = z.number({ error: 'enter a number' });
  return (range.integer ? number.int(`enter whole ${unit}`) : number)
    .min(range.min, outside)
    .max(range.max, outside)
    .default(range.fallback);
}

/**
 * The session's part of the settings record: all the core reads. The features' sections (plan, history,
 * sync) sit beside it in the one stored record (`shared/settings/`), which the core never sees.
 */
export const SessionSettings = onFirstUse(() =>
  z.object({
    /** null: the first available backend, in the order the host reports them. */
    backend: BackendName.nullable().default(null),
    model: z.string().max(MAX_MODEL_CHARS, `at most ${MAX_MODEL_CHARS} characters`).default(''),
    /** The person's answer per backend that sends off this computer: nothing goes to one before `allowed`. */
    aiConsent: z
      .record(BackendName, z.object({ answer: z.enum(CONSENT_ANSWERS), at: z.number().int().nonnegative() }))
      .refine((consents) => Object.keys(consents).length <= MAX_AI_CONSENTS, `at most ${MAX_AI_CONSENTS} backends`)
      .default({}),
    aiTimeoutSeconds: rangedNumber(SETTING_RANGES.aiTimeoutSeconds, 'seconds'),
    allowed: EntryList.default([]),
    blocked: EntryList.default([]),
    /** Sites whose pages are judged one by one: a verdict belongs to the page (a video, a thread), not the site. */
    mixedUseSites: EntryList.default(() => [...DEFAULT_MIXED_USE_SITES]),
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
    redactPatterns: z.array(RedactPattern).max(MAX_REDACT_PATTERNS, `at most ${MAX_REDACT_PATTERNS} patterns`).default([]),
    neverSendUrls: z.boolean().default(true),
    browserWindowClasses: z
      .array(
        z.string().trim().toLowerCase().min(1, 'a class cannot be empty').max(MAX_CLASS_CHARS, `at most ${MAX_CLASS_CHARS} characters`),
      )
      .max(MAX_BROWSER_CLASSES, `at most ${MAX_BROWSER_CLASSES} classes`)
      .default(DEFAULT_BROWSER_CLASSES),
  }),
);
export type SessionSettings = z.infer<typeof SessionSettings>;

/**
 * Each field on one side; `satisfies` makes a new field a compile error until it is classified. Local:
 * whatever depends on this machine's helper or backend.
 */
export const SESSION_SETTING_SCOPES = {
  backend: 'local',
  model: 'local',
  // A yes is the person's, not the machine's: given once, it holds wherever their settings go.
  aiConsent: 'sync',
  aiTimeoutSeconds: 'local',
  allowed: 'sync',
  blocked: 'sync',
  addedFromBanner: 'sync',
  mixedUseSites: 'sync',
  nudgeEnabled: 'sync',
  nudgeIntervalMinutes: 'sync',
  judgeDebounceSeconds: 'sync',
  includeIncognito: 'sync',
  awayAfterSeconds: 'sync',
  strictWaitSeconds: 'sync',
  redactPatterns: 'sync',
  neverSendUrls: 'sync',
  browserWindowClasses: 'local',
} as const satisfies Record<keyof SessionSettings, SettingScope>;

let defaults: SessionSettings | undefined;
/** The session's fields at their defaults: built on first use, as the schema is. */
export const defaultSessionSettings = (): SessionSettings => (defaults ??= SessionSettings.parse({}));

const SESSION_KEYS = Object.keys(SESSION_SETTING_SCOPES) as Array<keyof SessionSettings>;

/** The session's part of a whole settings record: what the shell hands the core. */
export function sessionSettingsOf(record: SessionSettings): SessionSettings {
  const part: Record<string, unknown> = {};
  for (const key of SESSION_KEYS) part[key] = record[key];
  return part as SessionSettings;
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

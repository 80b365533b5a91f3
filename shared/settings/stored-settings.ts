// The one settings record that is stored and synced: a version, the session's section and each feature's (from the features list), composed; with defaults and migrations.
import * as z from 'zod';
import { SESSION_SETTING_SCOPES, SessionSettings, type SettingScope } from '../core/session-settings';
import { FEATURE_SETTINGS, type FeatureSettingScopes, type FeatureSettingsShape } from '../features';
import { onFirstUse } from '../util/on-first-use';

/** 2 added the plan (templates, schedule, day summary) and the sync switch. */
export const SETTINGS_VERSION = 2;

/**
 * The record: the session's fields and each feature's side by side (a field belongs to one section: held by
 * `feature-sections.test`). A feature's section joins by its declaration; the core reads only `SessionSettings`.
 */
export const Settings = onFirstUse(() => {
  const shape = {
    version: z.literal(SETTINGS_VERSION),
    ...SessionSettings.shape,
    ...(Object.assign({}, ...FEATURE_SETTINGS.map((section) => section.schema.shape)) as FeatureSettingsShape),
  };
  return z.object(shape).superRefine((settings, ctx) => {
    for (const section of FEATURE_SETTINGS)
      for (const problem of section.problems?.(settings) ?? []) ctx.addIssue({ code: 'custom', ...problem });
  });
});
export type Settings = z.infer<typeof Settings>;

/** Every field of the record on one side: each section's own classification, and the record's version (synced: it says who wrote it). */
export const SETTING_SCOPES = {
  version: 'sync',
  ...SESSION_SETTING_SCOPES,
  ...(Object.assign({}, ...FEATURE_SETTINGS.map((section) => section.scopes)) as FeatureSettingScopes),
} as const satisfies Record<keyof Settings, SettingScope>;

let defaults: Settings | undefined;
/** Every field at its default: built on first use (a woken worker that reads stored settings never needs it). */
export const defaultSettings = (): Settings => (defaults ??= Settings.parse({ version: SETTINGS_VERSION }));

/** Settings as they were saved before versioning (v0): flat lists under other names. */
const SettingsV0 = onFirstUse(() =>
  z.object({
    allowedApps: z.array(z.string()).optional(),
    blockedApps: z.array(z.string()).optional(),
    backend: z.string().optional(),
    model: z.string().optional(),
  }),
);

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
  if (raw === undefined || raw === null) return { ok: true, settings: defaultSettings() };
  const version = typeof raw === 'object' && raw !== null && 'version' in raw ? (raw as { version: unknown }).version : 0;
  if (version === SETTINGS_VERSION) {
    const parsed = Settings.safeParse(raw);
    return parsed.success
      ? { ok: true, settings: parsed.data }
      : { ok: false, settings: defaultSettings(), error: describeIssues(parsed.error) };
  }
  if (version === 1) {
    // Version 2 only added fields, each with its default.
    const parsed = Settings.safeParse({ ...(raw as object), version: SETTINGS_VERSION });
    return parsed.success
      ? { ok: true, settings: parsed.data, migratedFrom: 1 }
      : { ok: false, settings: defaultSettings(), error: describeIssues(parsed.error) };
  }
  if (version === 0) {
    const v0 = SettingsV0.safeParse(raw);
    if (!v0.success) return { ok: false, settings: defaultSettings(), error: describeIssues(v0.error) };
    const migrated = Settings.safeParse({
      version: SETTINGS_VERSION,
      allowed: v0.data.allowedApps ?? [],
      blocked: v0.data.blockedApps ?? [],
      ...(v0.data.backend ? { backend: v0.data.backend } : {}),
      ...(v0.data.model ? { model: v0.data.model } : {}),
    });
    return migrated.success
      ? { ok: true, settings: migrated.data, migratedFrom: 0 }
      : { ok: false, settings: defaultSettings(), error: describeIssues(migrated.error) };
  }
  return { ok: false, settings: defaultSettings(), error: `unknown settings version ${JSON.stringify(version)}` };
}

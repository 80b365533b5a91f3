// Which settings follow the person through the browser's sync and which stay on this machine: the split (each section classifies its own fields), its schema, the merge.
import * as z from 'zod';
import type { SettingScope } from '../core/session-settings';
import { Settings, SETTING_SCOPES } from '../settings/stored-settings';
import { canonicalJson, contentHash } from '../util/hash';
import { onFirstUse } from '../util/on-first-use';

type Scopes = typeof SETTING_SCOPES;
export type SyncedKey = { [K in keyof Scopes]: Scopes[K] extends 'sync' ? K : never }[keyof Scopes];
export type LocalKey = Exclude<keyof Settings, SyncedKey>;

const keysOf = (scope: SettingScope) =>
  (Object.keys(SETTING_SCOPES) as Array<keyof Settings>).filter((key) => SETTING_SCOPES[key] === scope);
export const SYNCED_KEYS = keysOf('sync') as SyncedKey[];
export const LOCAL_KEYS = keysOf('local') as LocalKey[];

const syncedMask = Object.fromEntries(SYNCED_KEYS.map((key) => [key, true])) as { [K in SyncedKey]: true };

/**
 * The synced part as storage.sync holds it. Each field has the settings record's own schema (its
 * limits and messages); fields it does not know (a newer version's) are dropped. The cross-field rules
 * (a scheduled block's template exists) are checked on the merged record, in `mergeSynced`.
 */
export const SyncedSettings = onFirstUse(() => z.object(Settings.shape).pick(syncedMask));
export type SyncedSettings = z.infer<typeof SyncedSettings>;

export function syncedPart(settings: Settings): SyncedSettings {
  const part: Record<string, unknown> = {};
  for (const key of SYNCED_KEYS) part[key] = settings[key];
  return part as SyncedSettings;
}

function localPart(settings: Settings): Pick<Settings, LocalKey> {
  const part: Record<string, unknown> = {};
  for (const key of LOCAL_KEYS) part[key] = settings[key];
  return part as Pick<Settings, LocalKey>;
}

/** The synced part's text as it is stored and hashed (key order does not matter). */
export function syncedText(part: SyncedSettings): string {
  return canonicalJson(part);
}

/** Equal synced parts have equal hashes, however they were built. */
export function syncedHash(settings: Settings): string {
  return contentHash(syncedText(syncedPart(settings)));
}

/**
 * This machine's settings with another install's synced part: the synced fields from there, the local
 * ones from here. The result is the settings record, validated as a whole, or why it cannot be.
 */
export function mergeSynced(local: Settings, synced: SyncedSettings): { ok: true; settings: Settings } | { ok: false; error: string } {
  const parsed = Settings.safeParse({ ...synced, ...localPart(local) });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'invalid'}` };
}

/** How the fields that can grow are named when the synced part is too big. */
const FIELD_WORDS: Partial<Record<SyncedKey, string>> = {
  allowed: 'allowed list',
  blocked: 'blocked list',
  addedFromBanner: 'on-task additions',
  redactPatterns: 'redaction patterns',
  templates: 'templates',
  schedule: 'schedule',
};

/** The (at most two) named fields that take the most room, largest first: "templates and schedule". */
export function largestFields(part: SyncedSettings): string {
  const named = (Object.keys(FIELD_WORDS) as SyncedKey[])
    .map((key) => ({ words: FIELD_WORDS[key]!, size: JSON.stringify(part[key] ?? null).length }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 2)
    .map((field) => field.words);
  return named.join(' and ');
}

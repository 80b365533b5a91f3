// StateStore adapter: zod-validated, versioned reads and writes of everything the background keeps.
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { SessionRecord, VolatileState } from '../../shared/controller';
import { DiagnosticEntry } from '../../shared/messages';
import { DIAGNOSTICS_LIMIT } from './diagnostics';
import { DEFAULT_SETTINGS, loadSettings, type Settings } from '../../shared/settings';

/** Storage keys. Local survives a browser restart; session lives as long as the browser runs. */
export const KEYS = {
  settings: 'settings',
  session: 'session',
  volatile: 'drift',
  dismissedNudge: 'dismissedNudge',
  diagnostics: 'diagnostics',
  observer: 'observer',
} as const;

const STORED_SESSION_VERSION = 1;

/** The active session in storage.local, wrapped with a version for future migrations. */
const StoredSession = z.object({
  version: z.literal(STORED_SESSION_VERSION),
  lastSessionId: z.number().int().nonnegative(),
  session: SessionRecord.nullable(),
});

const StoredVolatile = z.object({ version: z.literal(1), drift: VolatileState });

/** Where the browser focus is, as far as the observer knows (survives service-worker restarts). */
export const ObserverMemory = z.object({
  focus: z.enum(['browser', 'os']),
  /** The browser window the person last focused; title updates elsewhere are not theirs. */
  windowId: z.number().int().optional(),
  lastOs: z.object({ title: z.string(), app: z.string(), at: z.number() }).nullable(),
});
export type ObserverMemory = z.infer<typeof ObserverMemory>;

export interface Loaded {
  settings: Settings;
  session: SessionRecord | null;
  lastSessionId: number;
  volatile: VolatileState | null;
  dismissedNudge: string | null;
  diagnostics: DiagnosticEntry[];
  observer: ObserverMemory | null;
  warnings: string[];
}

function parseOr<T>(schema: z.ZodType<T>, raw: unknown, key: string, warnings: string[]): T | null {
  if (raw === undefined || raw === null) return null;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  warnings.push(`stored ${key} was unreadable and was reset: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return null;
}

/** Reads every key; a corrupt value falls back to its default with a warning, other keys untouched. */
export async function loadAll(): Promise<Loaded> {
  const warnings: string[] = [];
  const [local, session] = await Promise.all([
    browser.storage.local.get([KEYS.settings, KEYS.session]).catch(() => ({}) as Record<string, unknown>),
    browser.storage.session
      .get([KEYS.volatile, KEYS.dismissedNudge, KEYS.diagnostics, KEYS.observer])
      .catch(() => ({}) as Record<string, unknown>),
  ]);
  const settingsLoad = loadSettings(local[KEYS.settings]);
  if (!settingsLoad.ok) warnings.push(`stored settings were unreadable and defaults are used: ${settingsLoad.error}`);
  else if (settingsLoad.migratedFrom !== undefined) warnings.push(`settings migrated from version ${settingsLoad.migratedFrom}`);
  const storedSession = parseOr(StoredSession, local[KEYS.session], 'session', warnings);
  const storedVolatile = parseOr(StoredVolatile, session[KEYS.volatile], 'drift state', warnings);
  const dismissed = parseOr(z.string().max(2000), session[KEYS.dismissedNudge], 'dismissed nudge', warnings);
  const diagnostics = parseOr(z.array(DiagnosticEntry).max(DIAGNOSTICS_LIMIT), session[KEYS.diagnostics], 'diagnostics', warnings);
  const observer = parseOr(ObserverMemory, session[KEYS.observer], 'observer', warnings);
  return {
    settings: settingsLoad.settings,
    session: storedSession?.session ?? null,
    lastSessionId: storedSession?.lastSessionId ?? 0,
    volatile: storedVolatile?.drift ?? null,
    dismissedNudge: dismissed,
    diagnostics: diagnostics ?? [],
    observer,
    warnings,
  };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEYS.settings]: settings });
}

export async function saveSession(session: SessionRecord | null, lastSessionId: number): Promise<void> {
  await browser.storage.local.set({ [KEYS.session]: { version: STORED_SESSION_VERSION, lastSessionId, session } });
}

export async function saveVolatile(drift: VolatileState): Promise<void> {
  await browser.storage.session.set({ [KEYS.volatile]: { version: 1, drift } });
}

export async function saveSessionKey(key: 'dismissedNudge' | 'diagnostics' | 'observer', value: unknown): Promise<void> {
  await browser.storage.session.set({ [KEYS[key]]: value });
}

export { DEFAULT_SETTINGS };

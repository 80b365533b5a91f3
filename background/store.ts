// StateStore adapter: zod-validated, versioned reads and writes of everything the background keeps.
import { browser } from 'wxt/browser';
import * as z from 'zod';
import { readDriftState, DRIFT_STATE_VERSION, SessionRecord, type DriftState } from '../shared/core/controller';
import { DIAGNOSTICS_LIMIT } from '../shared/core/core-limits';
import { MAX_TAB_BADGES, type TabBadgeMemory } from '../shared/core/tab-badges';
import { DiagnosticEntry } from '../shared/messages/requests';
import { loadSettings, type Settings } from '../shared/settings/stored-settings';
import { storedByThisRelease, withFingerprint } from './checked-records';
import { KEYS, LEGACY_DISMISSED_NUDGE_KEY, takeStoredState } from './stored-state-read';
import { onFirstUse } from '../shared/util/on-first-use';

export { KEYS };

/** This release (the worker says which before it reads or writes anything): the stored records' fingerprints include it. */
let release = '';
const thisRelease = (): string => release;
export function identifyRelease(version: string): void {
  release = version;
}

const STORED_SESSION_VERSION = 1;

/** The active session in storage.local, wrapped with a version for future migrations. */
const StoredSession = onFirstUse(() =>
  z.object({
    version: z.literal(STORED_SESSION_VERSION),
    lastSessionId: z.number().int().nonnegative(),
    session: SessionRecord.nullable(),
  }),
);

/** Where the browser focus is, as far as the observer knows (survives service-worker restarts). */
export const ObserverMemory = onFirstUse(() =>
  z.object({
    focus: z.enum(['browser', 'os']),
    /** The browser window the person last focused; title updates elsewhere are not theirs. */
    windowId: z.number().int().optional(),
  }),
);
export type ObserverMemory = z.infer<typeof ObserverMemory>;

const StoredBadge = onFirstUse(() => z.object({ text: z.string().max(8), color: z.string().max(32), title: z.string().max(4_000) }));

/** The badges given to tabs (shared/core/tab-badges.ts): ids are integers, written as the keys JSON gives them. */
const StoredTabBadges = onFirstUse(() =>
  z.object({
    tabs: z.record(z.string().regex(/^\d+$/), StoredBadge).refine((tabs) => Object.keys(tabs).length <= MAX_TAB_BADGES, 'too many tabs'),
    front: z.record(z.string().regex(/^-?\d+$/), z.number().int()),
    context: z.string().max(64),
  }),
);

export interface Loaded {
  settings: Settings;
  session: SessionRecord | null;
  lastSessionId: number;
  drift: DriftState | null;
  /** The saved log, checked on call (the worker asks once its wake's event is handled). */
  diagnostics(): { entries: DiagnosticEntry[]; warnings: string[] };
  observer: ObserverMemory | null;
  tabBadges: TabBadgeMemory | null;
  warnings: string[];
  /** The release that last ran (null before 0.2.0 stored it). */
  lastVersion: string | null;
  /** Whether anything of the person's was stored (so a missing lastVersion means an update from before 0.2.0, not an install). */
  hadData: boolean;
  /**
   * Settings worth storing again with this release's fingerprint: the defaults when none were stored,
   * or a record that had to be validated (another release's, a migrated one). Null when the stored
   * record was recognised, or could not be read (it stays as it was).
   */
  settingsToStore: Settings | null;
}

export function parseOr<T>(schema: z.ZodType<T>, raw: unknown, key: string, warnings: string[]): T | null {
  if (raw === undefined || raw === null) return null;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  warnings.push(`stored ${key} was unreadable and was reset: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return null;
}

/** Where a record this version cannot read is kept (never overwritten by a later one, never deleted). */
export const unreadableKey = (key: string): string => `unreadable:${key}`;

/**
 * A stored record of the person's (settings, the running session, a pending review) that this version
 * cannot read is kept as it was, under `unreadable:<key>`, before defaults replace it: an update that
 * cannot read what an older version wrote must not lose it. An earlier kept copy is not overwritten.
 */
export async function keepAside(key: string, raw: unknown): Promise<string> {
  const aside = unreadableKey(key);
  const existing = await browser.storage.local.get(aside);
  if (existing[aside] === undefined) await browser.storage.local.set({ [aside]: raw });
  return aside;
}

function readDrift(raw: unknown, legacyDismissed: unknown, warnings: string[]): DriftState | null {
  if (raw === undefined || raw === null) return null;
  const read = readDriftState(raw, legacyDismissed);
  if (!read.ok) {
    warnings.push(`stored drift state was unreadable and was reset: ${read.error}`);
    return null;
  }
  if (read.migratedFrom !== undefined) warnings.push(`drift state migrated from version ${read.migratedFrom}`);
  return read.drift;
}

/** Reads every key in one call per area; a corrupt value falls back to its default with a warning, other keys untouched. */
export async function loadAll(): Promise<Loaded> {
  const warnings: string[] = [];
  const { local, session } = await takeStoredState();
  const lastVersion: unknown = local[KEYS.version];
  const ours = (area: Record<string, unknown>, key: string) => storedByThisRelease(thisRelease(), area, key);
  const settingsRecognised = ours(local, KEYS.settings);
  const settingsLoad: ReturnType<typeof loadSettings> = settingsRecognised
    ? { ok: true, settings: local[KEYS.settings] as Settings }
    : loadSettings(local[KEYS.settings]);
  if (!settingsLoad.ok) {
    const aside = await keepAside(KEYS.settings, local[KEYS.settings]).catch(() => 'nowhere (storage refused)');
    warnings.push(
      `stored settings could not be read by this version (${settingsLoad.error}): defaults are used; the stored value is kept as ${aside}`,
    );
  } else if (settingsLoad.migratedFrom !== undefined) warnings.push(`settings migrated from version ${settingsLoad.migratedFrom}`);
  const storedSession = ours(local, KEYS.session)
    ? (local[KEYS.session] as z.infer<typeof StoredSession>)
    : parseOr(StoredSession, local[KEYS.session], 'session', warnings);
  if (storedSession === null && local[KEYS.session] != null) {
    const aside = await keepAside(KEYS.session, local[KEYS.session]).catch(() => 'nowhere (storage refused)');
    warnings.push(`${warnings.pop() ?? 'stored session was unreadable'}; it is kept as ${aside}`);
  }
  const drift = ours(session, KEYS.drift)
    ? (session[KEYS.drift] as { drift: DriftState }).drift
    : readDrift(session[KEYS.drift], session[LEGACY_DISMISSED_NUDGE_KEY], warnings);
  if (LEGACY_DISMISSED_NUDGE_KEY in session) void browser.storage.session.remove(LEGACY_DISMISSED_NUDGE_KEY).catch(() => {});
  // The log is the largest record and no tab switch needs it: it is checked when the worker asks, after the wake's own event.
  const diagnostics = () => {
    const logWarnings: string[] = [];
    const entries = ours(session, KEYS.diagnostics)
      ? (session[KEYS.diagnostics] as DiagnosticEntry[])
      : parseOr(z.array(DiagnosticEntry).max(DIAGNOSTICS_LIMIT), session[KEYS.diagnostics], 'diagnostics', logWarnings);
    return { entries: entries ?? [], warnings: logWarnings };
  };
  const observer = ours(session, KEYS.observer)
    ? (session[KEYS.observer] as ObserverMemory)
    : parseOr(ObserverMemory, session[KEYS.observer], 'observer', warnings);
  const tabBadges = ours(session, KEYS.tabBadges)
    ? (session[KEYS.tabBadges] as TabBadgeMemory)
    : parseOr<TabBadgeMemory>(StoredTabBadges, session[KEYS.tabBadges], 'tab badges', warnings);
  return {
    settings: settingsLoad.settings,
    session: storedSession?.session ?? null,
    lastSessionId: storedSession?.lastSessionId ?? 0,
    drift,
    diagnostics,
    observer,
    tabBadges,
    warnings,
    lastVersion: typeof lastVersion === 'string' ? lastVersion : null,
    hadData: local[KEYS.settings] != null || local[KEYS.session] != null,
    settingsToStore: settingsLoad.ok && !settingsRecognised ? settingsLoad.settings : null,
  };
}

export async function saveVersion(version: string): Promise<void> {
  await browser.storage.local.set({ [KEYS.version]: version });
}

/**
 * A record and its fingerprint, written a microtask later: the transition that asked for it paints its
 * badge first (the fingerprint is the write's only real work). Microtasks run in order, so writes do too.
 */
async function write(area: 'local' | 'session', key: string, value: unknown): Promise<void> {
  await Promise.resolve();
  await browser.storage[area].set(withFingerprint(thisRelease(), key, value));
}

export function saveSettings(settings: Settings): Promise<void> {
  return write('local', KEYS.settings, settings);
}

export function saveSession(session: SessionRecord | null, lastSessionId: number): Promise<void> {
  return write('local', KEYS.session, { version: STORED_SESSION_VERSION, lastSessionId, session });
}

export function saveDrift(drift: DriftState): Promise<void> {
  return write('session', KEYS.drift, { version: DRIFT_STATE_VERSION, drift });
}

export function saveDiagnostics(entries: DiagnosticEntry[]): Promise<void> {
  return write('session', KEYS.diagnostics, entries);
}

export function saveObserverMemory(memory: ObserverMemory): Promise<void> {
  return write('session', KEYS.observer, memory);
}

export function saveTabBadges(memory: TabBadgeMemory): Promise<void> {
  return write('session', KEYS.tabBadges, memory);
}

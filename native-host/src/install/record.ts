// The install record: every file, folder and registry key `install` created, so `uninstall` removes only those.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { appDataDir, ensurePrivateDir } from '../paths.js';

export const InstallEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    path: z.string().min(1),
    /**
     * `wrapper`: the launcher of 0.1.x, beside the app data; `launcher`: the one in the helper's own
     * folder; `proxy`: the one inside a Flatpak browser's sandbox that starts the launcher outside it.
     */
    role: z.enum(['manifest', 'wrapper', 'launcher', 'proxy', 'gnome-extension']),
    browser: z.string().optional(),
  }),
  /** A folder that did not exist before install; removed only if empty. */
  z.object({ kind: z.literal('dir'), path: z.string().min(1) }),
  /** HKCU key whose default value install set to `value` (a manifest path). */
  z.object({ kind: z.literal('registry'), key: z.string().min(1), value: z.string(), browser: z.string().optional() }),
  /** The GNOME Shell extension install enabled (uninstall disables it). */
  z.object({ kind: z.literal('gnome-enabled'), uuid: z.string().min(1) }),
  /** A copy of the helper (`<host home>/<version>/`, with its marker): removed as a whole. */
  z.object({ kind: z.literal('host-files'), path: z.string().min(1) }),
]);
export type InstallEntry = z.infer<typeof InstallEntry>;

export const InstallRecord = z.object({
  version: z.literal(2),
  extensionId: z.string(),
  /** The helper's release this record was written by. */
  hostVersion: z.string(),
  /**
   * `installing` is written before any file, with every entry the install is about to write: an
   * install that dies midway leaves a record the next install or uninstall completes or undoes.
   */
  state: z.enum(['installing', 'installed']),
  entries: z.array(InstallEntry),
});
export type InstallRecord = z.infer<typeof InstallRecord>;

/** What 0.1.x wrote: the same entries, no state (it wrote the record last). */
const InstallRecordV1 = z.object({ version: z.literal(1), extensionId: z.string(), entries: z.array(InstallEntry) });

export function installRecordPath(): string {
  return join(appDataDir(), 'install-record.json');
}

export type RecordRead = { ok: true; record: InstallRecord | null } | { ok: false; problem: string };

/** null when there is no record (nothing installed, or uninstalled). */
export function readInstallRecord(): RecordRead {
  let raw: string;
  try {
    raw = readFileSync(installRecordPath(), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, record: null };
    return { ok: false, problem: `cannot read ${installRecordPath()}: ${(err as Error).message}` };
  }
  try {
    const json: unknown = JSON.parse(raw);
    const parsed = InstallRecord.safeParse(json);
    if (parsed.success) return { ok: true, record: parsed.data };
    const v1 = InstallRecordV1.safeParse(json);
    if (v1.success) return { ok: true, record: { ...v1.data, version: 2, hostVersion: '0.1.x', state: 'installed' } };
    return { ok: false, problem: `${installRecordPath()} is invalid: ${z.prettifyError(parsed.error)}` };
  } catch (err) {
    return { ok: false, problem: `${installRecordPath()} is not valid JSON: ${(err as Error).message}` };
  }
}

/**
 * Moves an unreadable record aside (never deleted: it may be all that says what an older install
 * wrote) and returns where it went.
 */
export function setAsideUnreadableRecord(now = new Date()): string {
  const aside = `${installRecordPath()}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(installRecordPath(), aside);
  return aside;
}

function entryKey(entry: InstallEntry): string {
  if (entry.kind === 'registry') return `registry:${entry.key}`;
  if (entry.kind === 'gnome-enabled') return `gnome-enabled:${entry.uuid}`;
  return `${entry.kind}:${entry.path}`;
}

/** Adds entries to those already recorded (a later install for another browser keeps the first). */
export function mergeEntries(existing: InstallEntry[], added: InstallEntry[]): InstallEntry[] {
  const byKey = new Map(existing.map((e) => [entryKey(e), e]));
  for (const entry of added) {
    const previous = byKey.get(entryKey(entry));
    // A folder first created by an earlier install stays recorded as created.
    if (!previous || entry.kind !== 'dir') byKey.set(entryKey(entry), entry);
  }
  return [...byKey.values()];
}

export function writeInstallRecord(record: InstallRecord): void {
  ensurePrivateDir(appDataDir());
  const path = installRecordPath();
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

export function removeInstallRecord(): void {
  rmSync(installRecordPath(), { force: true });
}

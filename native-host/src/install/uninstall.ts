// `uninstall`: removes what the install record lists, and only if it is still what install wrote.
import { existsSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { NATIVE_HOST_NAME } from '../../../shared/protocol/extension-id.js';
import { disableGnomeExtension, isOurGnomeFile } from '../gnome/install-extension.js';
import { HostManifest } from './manifest.js';
import type { Output } from './output.js';
import { installRecordPath, readInstallRecord, removeInstallRecord, type InstallEntry } from './record.js';
import { deleteKey, getDefaultValue } from './registry.js';
import { isOurWrapper } from './wrapper.js';

function isOurManifest(path: string): boolean {
  try {
    const parsed = HostManifest.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success && parsed.data.name === NATIVE_HOST_NAME;
  } catch {
    return false;
  }
}

async function removeEntry(entry: InstallEntry): Promise<string> {
  if (entry.kind === 'registry') {
    const current = await getDefaultValue(entry.key);
    if (current === null) return 'already gone';
    if (current !== entry.value) return `left alone: now points at ${current}`;
    await deleteKey(entry.key);
    return 'removed';
  }
  if (entry.kind === 'dir') {
    if (!existsSync(entry.path)) return 'already gone';
    try {
      rmdirSync(entry.path);
      return 'removed';
    } catch {
      return 'left alone: not empty';
    }
  }
  if (entry.kind === 'gnome-enabled') return disableGnomeExtension(process.env);
  if (!existsSync(entry.path)) return 'already gone';
  const ours =
    entry.role === 'wrapper'
      ? isOurWrapper(entry.path)
      : entry.role === 'gnome-extension'
        ? isOurGnomeFile(entry.path)
        : isOurManifest(entry.path);
  if (!ours) return 'left alone: no longer the file install wrote';
  rmSync(entry.path);
  return 'removed';
}

function entryName(entry: InstallEntry): string {
  if (entry.kind === 'registry') return entry.key;
  if (entry.kind === 'gnome-enabled') return `GNOME Shell extension ${entry.uuid}`;
  return entry.path;
}

export async function runUninstall(out: Output): Promise<number> {
  const read = readInstallRecord();
  if (!read.ok) {
    out.error(`${read.problem}\nNothing removed: without a valid record uninstall cannot tell what install wrote.`);
    return 1;
  }
  if (!read.record) {
    out.line(`Nothing to uninstall (no install record at ${installRecordPath()}).`);
    return 0;
  }
  const entries = read.record.entries;
  // Registry keys and files first, then folders deepest first (the record itself lives in one).
  const ordered = [
    ...entries.filter((e) => e.kind !== 'dir'),
    ...entries.filter((e) => e.kind === 'dir').sort((a, b) => b.path.length - a.path.length),
  ];
  const rows: [string, string][] = [];
  let failed = false;
  let recordRemoved = false;
  for (const entry of ordered) {
    if (entry.kind === 'dir' && !recordRemoved) {
      // Keep the record (and its folder) when something could not be removed: a retry needs it.
      if (failed) break;
      removeInstallRecord();
      recordRemoved = true;
    }
    try {
      rows.push([await removeEntry(entry), entryName(entry)]);
    } catch (err) {
      failed = true;
      rows.push(['FAILED', `${entryName(entry)}: ${(err as Error).message}`]);
    }
  }
  if (!recordRemoved && !failed) removeInstallRecord();
  out.table('Uninstall', rows);
  return failed ? 1 : 0;
}

// `uninstall`: removes what the install record lists, and only what is still what install wrote.
import { existsSync, readFileSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NATIVE_HOST_NAME } from '../../../shared/protocol/extension-id.js';
import { disableGnomeExtension, isOurGnomeFile } from '../desktops/gnome/shell-tools.js';
import { appDataDir, hostHomeDir } from '../paths.js';
import { BROWSER_IDS } from '../../../shared/protocol/browser-ids.js';
import { browserTarget } from './browsers.js';
import { isSandboxed, sandboxedTargets } from './sandboxed.js';
import { isOurHostDir, pruneHostFiles } from './host-files.js';
import { withInstallLock } from './lock.js';
import { HostManifest } from './manifest.js';
import type { Output } from './output.js';
import { installRecordPath, readInstallRecord, removeInstallRecord, setAsideUnreadableRecord, type InstallEntry } from './record.js';
import { deleteKey, getDefaultValue } from './registry.js';
import { isOurWrapper, launcherPath, legacyWrapperPath } from './wrapper.js';

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
  if (entry.kind === 'host-files') {
    if (!isOurHostDir(entry.path)) return 'left alone: not a copy install wrote';
    rmSync(entry.path, { recursive: true, force: true });
    return 'removed';
  }
  const ours =
    entry.role === 'wrapper' || entry.role === 'launcher' || entry.role === 'proxy'
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

/**
 * Without a readable record: what can be recognised as ours where install puts it (our manifests in
 * every browser's folder, our launchers, our copies). Registry keys and folders are left alone.
 */
function recognisable(): InstallEntry[] {
  const appData = appDataDir();
  const hostHome = hostHomeDir();
  const targets = [...BROWSER_IDS.map((b) => browserTarget(b, appData)), ...sandboxedTargets()];
  const entries: InstallEntry[] = targets
    .filter((t, i) => !t.registryKey && isOurManifest(t.manifestPath) && targets.findIndex((u) => u.manifestPath === t.manifestPath) === i)
    .map((t) => ({ kind: 'file', path: t.manifestPath, role: 'manifest', browser: t.browser }));
  for (const t of targets.filter(isSandboxed))
    if (t.proxyPath && isOurWrapper(t.proxyPath)) entries.push({ kind: 'file', path: t.proxyPath, role: 'proxy', browser: t.browser });
  entries.push(
    { kind: 'file', path: launcherPath(hostHome), role: 'launcher' },
    { kind: 'file', path: legacyWrapperPath(appData), role: 'wrapper' },
  );
  if (existsSync(hostHome)) for (const name of readdirSync(hostHome)) entries.push({ kind: 'host-files', path: join(hostHome, name) });
  return entries;
}

export async function runUninstall(out: Output): Promise<number> {
  const appData = appDataDir();
  if (!existsSync(appData)) {
    out.line(`Nothing to uninstall (no install record at ${installRecordPath()}).`);
    return 0;
  }
  return withInstallLock(appData, () => uninstall(out));
}

async function uninstall(out: Output): Promise<number> {
  const read = readInstallRecord();
  let entries: InstallEntry[];
  if (!read.ok) {
    out.error(`${read.problem}\nIt is kept as ${setAsideUnreadableRecord()}; removing what can be recognised as antidrift's.`);
    entries = recognisable();
  } else if (!read.record) {
    out.line(`Nothing to uninstall (no install record at ${installRecordPath()}).`);
    return 0;
  } else {
    entries = read.record.entries;
    if (read.record.state === 'installing') out.line('The last install did not finish; undoing what it had begun.');
  }
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
      // What an interrupted install left in the helper's folder goes with it.
      for (const dir of pruneHostFiles(hostHomeDir(), [])) rows.push(['removed', dir]);
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

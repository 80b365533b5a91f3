// `install`: copies the helper into the person's own folder, writes its launcher, and registers it with each browser.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXTENSION_ID } from '../../../shared/protocol/extension-id.js';
import { appDataDir, ensurePrivateDir, hostHomeDir } from '../paths.js';
import { HOST_VERSION } from '../version.js';
import type { InstallOptions } from './args.js';
import { BROWSER_IDS, browserTarget, customProfileTarget, isBrowserPresent, type ManifestTarget } from './browsers.js';
import { installedEntry, placeHostFiles, pruneHostFiles, versionDir, versionDirOfEntry } from './host-files.js';
import { withInstallLock } from './lock.js';
import { allowedIds, buildManifest } from './manifest.js';
import { mergeEntries, readInstallRecord, setAsideUnreadableRecord, writeInstallRecord, type InstallEntry } from './record.js';
import { setDefaultValue } from './registry.js';
import type { Output } from './output.js';
import { makeDirs } from './dirs.js';
import { installGnomeExtension } from './gnome.js';
import { isGnomeDesktop } from '../gnome/install-extension.js';
import { hostScriptPath, isOurWrapper, launcherPath, launcherTarget, legacyWrapperPath, wrapperContent, writeWrapper } from './wrapper.js';

export function chooseTargets(options: InstallOptions, appData: string): { targets: ManifestTarget[]; skipped: ManifestTarget[] } {
  if (options.userDataDir) {
    const extra = Array.isArray(options.browsers) ? options.browsers.map((b) => browserTarget(b, appData)) : [];
    return { targets: [customProfileTarget(options.userDataDir), ...extra], skipped: [] };
  }
  const all = BROWSER_IDS.map((b) => browserTarget(b, appData));
  if (options.browsers === 'all') return { targets: all, skipped: [] };
  if (Array.isArray(options.browsers)) {
    const wanted = new Set<string>(options.browsers);
    return { targets: all.filter((t) => wanted.has(t.browser)), skipped: [] };
  }
  return { targets: all.filter(isBrowserPresent), skipped: all.filter((t) => !isBrowserPresent(t)) };
}

/** Run with sudo, the helper would land in root's home, where the person's browser never looks. */
export function sudoRefusal(env: NodeJS.ProcessEnv = process.env, uid = process.getuid?.()): string | null {
  if (uid !== 0 || !env.SUDO_USER || env.SUDO_USER === 'root') return null;
  return (
    `Run this without sudo (as ${env.SUDO_USER}). The helper is installed for your own user, in your home; ` +
    "with sudo it would go into root's home, where your browser never looks. Nothing was written."
  );
}

export async function runInstall(options: InstallOptions, out: Output): Promise<number> {
  const refusal = sudoRefusal();
  if (refusal) {
    out.error(refusal);
    return 1;
  }
  const appData = appDataDir();
  const { targets, skipped } = chooseTargets(options, appData);
  if (targets.length === 0) {
    out.error('No supported browser found (no config folder for any of: ' + BROWSER_IDS.join(', ') + ').');
    out.error('Use --browser NAME (or all) to install anyway, or --user-data-dir DIR for a custom Chromium profile.');
    return 1;
  }
  return withInstallLock(appData, () => install(options, out, appData, targets, skipped));
}

async function install(
  options: InstallOptions,
  out: Output,
  appData: string,
  targets: ManifestTarget[],
  skipped: ManifestTarget[],
): Promise<number> {
  const previous = readInstallRecord();
  let recorded: InstallEntry[] = [];
  if (previous.ok) recorded = previous.record?.entries ?? [];
  else out.error(`${previous.problem}\nIt is kept as ${setAsideUnreadableRecord()}; installing afresh.`);

  // Every entry first, in an `installing` record: if this process dies midway, the next install or
  // uninstall knows what it had begun to write.
  const entries: InstallEntry[] = [];
  for (const dir of makeDirs(appData)) entries.push({ kind: 'dir', path: dir });
  ensurePrivateDir(appData);
  const hostHome = hostHomeDir();
  for (const dir of makeDirs(hostHome)) entries.push({ kind: 'dir', path: dir });
  const copy = versionDir(hostHome, HOST_VERSION);
  const launcher = launcherPath(hostHome);
  entries.push({ kind: 'host-files', path: copy }, { kind: 'file', path: launcher, role: 'launcher' });
  for (const target of targets) {
    for (const dir of makeDirs(dirname(target.manifestPath))) entries.push({ kind: 'dir', path: dir });
    entries.push({ kind: 'file', path: target.manifestPath, role: 'manifest', browser: target.browser });
    if (target.registryKey)
      entries.push({ kind: 'registry', key: target.registryKey, value: target.manifestPath, browser: target.browser });
  }
  const planned = mergeEntries(recorded, entries);
  const base = { version: 2 as const, extensionId: options.extensionId, hostVersion: HOST_VERSION };
  writeInstallRecord({ ...base, state: 'installing', entries: planned });

  // The copy, then the launcher: a browser starting the helper meanwhile runs the old copy or the new one.
  const runningBefore = versionDirOfEntry(launcherTarget(launcher)?.script);
  placeHostFiles(hostScriptPath(), hostHome, HOST_VERSION);
  writeWrapper(launcher, wrapperContent(process.execPath, installedEntry(hostHome, HOST_VERSION)));

  const rows: [string, string][] = [];
  const problems: string[] = [];
  const added: InstallEntry[] = [];
  for (const target of targets) {
    try {
      // IDs this manifest already allowed stay allowed: another install (a store, a folder) may use them.
      const ids = [options.extensionId, ...allowedIds(target.manifestPath), EXTENSION_ID];
      writeFileSync(target.manifestPath, `${JSON.stringify(buildManifest(target.family, launcher, ids), null, 2)}\n`, { mode: 0o644 });
      if (target.registryKey) {
        await setDefaultValue(target.registryKey, target.manifestPath);
        rows.push([target.browser, `${target.registryKey} → ${target.manifestPath}`]);
      } else {
        rows.push([target.browser === 'custom' ? 'profile' : target.browser, target.manifestPath]);
      }
    } catch (err) {
      problems.push(`${target.browser}: ${(err as Error).message}`);
    }
  }

  if (
    options.gnomeExtension === 'yes' ||
    (options.gnomeExtension === 'detect' && process.platform === 'linux' && isGnomeDesktop(process.env))
  ) {
    try {
      rows.push(...(await installGnomeExtension(process.env, added)));
    } catch (err) {
      problems.push(`GNOME Shell extension: ${(err as Error).message}`);
    }
  }

  // Older copies go, except the one a running helper may still be reading its chunks from.
  const pruned = new Set(pruneHostFiles(hostHome, [copy, ...(runningBefore ? [runningBefore] : [])]));
  // 0.1.x's launcher beside the app data is superseded by the one in the helper's folder.
  const legacy = legacyWrapperPath(appData);
  if (isOurWrapper(legacy)) rmSync(legacy);
  const kept = mergeEntries(planned, added).filter(
    (e) => !(e.kind === 'host-files' && pruned.has(e.path)) && !(e.kind === 'file' && e.path === legacy && !existsSync(legacy)),
  );
  writeInstallRecord({ ...base, state: 'installed', entries: kept });

  out.line(`Helper    ${HOST_VERSION}, copied to ${copy}`);
  out.line(`Launcher  ${launcher}`);
  out.line(`          runs ${process.execPath} (this Node, by its full path: a short PATH does not matter)`);
  out.table('Installed', rows);
  if (skipped.length) out.line(`Skipped (not installed here): ${skipped.map((t) => t.browser).join(', ')}`);
  for (const p of problems) out.error(`Failed: ${p}`);
  out.line('Restart the browser if it was running, or press Check again in antidrift; `antidrift-host doctor` checks it all.');
  return problems.length ? 1 : 0;
}

// `install`: copies the helper into the person's own folder, writes its launcher, and registers it with each browser.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXTENSION_ID } from '../../../shared/protocol/extension-id.js';
import { appDataDir, ensurePrivateDir, hostHomeDir } from '../paths.js';
import { HOST_VERSION } from '../version.js';
import type { InstallOptions } from './args.js';
import { BROWSER_IDS } from '../../../shared/protocol/browser-ids.js';
import { browserTarget, customProfileTarget, isBrowserPresent, type ManifestTarget } from './browsers.js';
import { installedEntry, placeHostFiles, pruneHostFiles, versionDir, versionDirOfEntry } from './host-files.js';
import { withInstallLock } from './lock.js';
import { allowedIds, buildManifest } from './manifest.js';
import { mergeEntries, readInstallRecord, setAsideUnreadableRecord, writeInstallRecord, type InstallEntry } from './record.js';
import { setDefaultValue } from './registry.js';
import type { Output } from './output.js';
import { makeDirs } from '../make-dirs.js';
import { DESKTOP_SPECS } from '../desktops/registry.js';
import { flatpakMaySpawn, isSandboxed, proxyContent, sandboxedTargets } from './sandboxed.js';
import type { SandboxedBrowserSpec } from '../../../shared/protocol/sandboxed-browsers.js';
import { hostScriptPath, isOurWrapper, launcherPath, launcherTarget, legacyWrapperPath, wrapperContent, writeWrapper } from './wrapper.js';

export interface ChosenTargets {
  targets: ManifestTarget[];
  skipped: ManifestTarget[];
  /** Snap and Flatpak browsers among them: what works there and what the person must do. */
  sandboxed: SandboxedBrowserSpec[];
}

export function chooseTargets(options: InstallOptions, appData: string): ChosenTargets {
  if (options.userDataDir) {
    const extra = Array.isArray(options.browsers) ? options.browsers.map((b) => browserTarget(b, appData)) : [];
    return { targets: [customProfileTarget(options.userDataDir), ...extra], skipped: [], sandboxed: [] };
  }
  const all = BROWSER_IDS.map((b) => browserTarget(b, appData));
  // Snap and Flatpak browsers only where they are: their folders would mean nothing otherwise.
  const sandboxed = sandboxedTargets().filter(isBrowserPresent);
  let chosen: ManifestTarget[];
  let skipped: ManifestTarget[] = [];
  if (options.browsers === 'all') chosen = [...all, ...sandboxed];
  else if (Array.isArray(options.browsers)) {
    const wanted = new Set<string>(options.browsers);
    chosen = [...all, ...sandboxed].filter((t) => wanted.has(t.browser));
  } else {
    chosen = [...all.filter(isBrowserPresent), ...sandboxed];
    skipped = all.filter((t) => !isBrowserPresent(t));
  }
  // Firefox 157+ from Flatpak can also reach the helper through xdg-native-messaging-proxy, which reads
  // Firefox's usual manifest; that one is also what its Snap's portal reads: one file, written once.
  if (chosen.some((t) => isSandboxed(t) && t.spec.packaging === 'flatpak' && t.browser === 'firefox'))
    chosen.push(browserTarget('firefox', appData));
  const targets = chosen.filter((t, i) => chosen.findIndex((u) => u.manifestPath === t.manifestPath) === i);
  skipped = skipped.filter((t) => !targets.some((u) => u.manifestPath === t.manifestPath));
  const specs = chosen.filter(isSandboxed).map((t) => t.spec);
  return { targets, skipped, sandboxed: specs.filter((spec, i) => specs.indexOf(spec) === i) };
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
  const chosen = chooseTargets(options, appData);
  const { targets } = chosen;
  if (targets.length === 0) {
    out.error('No supported browser found (no config folder for any of: ' + BROWSER_IDS.join(', ') + ').');
    out.error('Use --browser NAME (or all) to install anyway, or --user-data-dir DIR for a custom Chromium profile.');
    return 1;
  }
  return withInstallLock(appData, () => install(options, out, appData, chosen));
}

async function install(
  options: InstallOptions,
  out: Output,
  appData: string,
  { targets, skipped, sandboxed }: ChosenTargets,
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
    const proxy = isSandboxed(target) ? target.proxyPath : undefined;
    if (proxy) {
      for (const dir of makeDirs(dirname(proxy))) entries.push({ kind: 'dir', path: dir });
      entries.push({ kind: 'file', path: proxy, role: 'proxy', browser: target.browser });
    }
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
      const proxy = isSandboxed(target) ? target.proxyPath : undefined;
      if (proxy) writeWrapper(proxy, proxyContent(launcher));
      const program = proxy ?? launcher;
      writeFileSync(target.manifestPath, `${JSON.stringify(buildManifest(target.family, program, ids), null, 2)}\n`, { mode: 0o644 });
      if (target.registryKey) {
        await setDefaultValue(target.registryKey, target.manifestPath);
        rows.push([target.browser, `${target.registryKey} → ${target.manifestPath}`]);
      } else {
        const name = isSandboxed(target) ? target.spec.label : target.browser === 'custom' ? 'profile' : target.browser;
        rows.push([name, target.manifestPath]);
      }
    } catch (err) {
      problems.push(`${target.browser}: ${(err as Error).message}`);
    }
  }

  // A desktop's own step (GNOME's shell extension), as its spec says when and how.
  for (const step of DESKTOP_SPECS.map((spec) => spec.install)) {
    if (!step?.wanted(options, process.platform, process.env)) continue;
    try {
      rows.push(...(await step.run(process.env, (entry) => added.push(entry))));
    } catch (err) {
      problems.push(`${step.label}: ${(err as Error).message}`);
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
  for (const spec of sandboxed) {
    const given = spec.reach === 'flatpak-spawn' && flatpakMaySpawn(spec.appId) ? ' (That permission is already given.)' : '';
    out.line(`Note: ${spec.advice}${given}`);
  }
  for (const p of problems) out.error(`Failed: ${p}`);
  out.line('Restart the browser if it was running, or press Check again in antidrift; `antidrift-host doctor` checks it all.');
  return problems.length ? 1 : 0;
}

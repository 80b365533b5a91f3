// `install`: writes the wrapper and one host manifest per browser (or registry keys on Windows).
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { appDataDir, ensurePrivateDir } from '../paths.js';
import type { InstallOptions } from './args.js';
import { BROWSER_IDS, browserTarget, customProfileTarget, isBrowserPresent, type ManifestTarget } from './browsers.js';
import { buildManifest } from './manifest.js';
import { mergeEntries, readInstallRecord, writeInstallRecord, type InstallEntry } from './record.js';
import { setDefaultValue } from './registry.js';
import type { Output } from './output.js';
import { makeDirs } from './dirs.js';
import { installGnomeExtension } from './gnome.js';
import { isGnomeDesktop } from '../gnome/install-extension.js';
import { hostScriptPath, wrapperContent, wrapperPath, writeWrapper } from './wrapper.js';

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

export async function runInstall(options: InstallOptions, out: Output): Promise<number> {
  const appData = appDataDir();
  const { targets, skipped } = chooseTargets(options, appData);
  if (targets.length === 0) {
    out.error('No supported browser found (no config folder for any of: ' + BROWSER_IDS.join(', ') + ').');
    out.error('Use --browser NAME (or all) to install anyway, or --user-data-dir DIR for a custom Chromium profile.');
    return 1;
  }
  const previous = readInstallRecord();
  if (!previous.ok) {
    out.error(`${previous.problem}\nRefusing to overwrite it; fix or delete that file first.`);
    return 1;
  }
  const entries: InstallEntry[] = [];
  for (const dir of makeDirs(appData)) entries.push({ kind: 'dir', path: dir });
  ensurePrivateDir(appData);

  const wrapper = wrapperPath(appData);
  writeWrapper(wrapper, wrapperContent(process.execPath, hostScriptPath()));
  entries.push({ kind: 'file', path: wrapper, role: 'wrapper' });

  const rows: [string, string][] = [];
  const problems: string[] = [];
  for (const target of targets) {
    try {
      const manifest = `${JSON.stringify(buildManifest(target.family, wrapper, options.extensionId), null, 2)}\n`;
      for (const dir of makeDirs(dirname(target.manifestPath))) entries.push({ kind: 'dir', path: dir });
      writeFileSync(target.manifestPath, manifest, { mode: 0o644 });
      entries.push({ kind: 'file', path: target.manifestPath, role: 'manifest', browser: target.browser });
      if (target.registryKey) {
        await setDefaultValue(target.registryKey, target.manifestPath);
        entries.push({ kind: 'registry', key: target.registryKey, value: target.manifestPath, browser: target.browser });
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
      rows.push(...(await installGnomeExtension(process.env, entries)));
    } catch (err) {
      problems.push(`GNOME Shell extension: ${(err as Error).message}`);
    }
  }

  const recorded = previous.record?.entries ?? [];
  writeInstallRecord({ version: 1, extensionId: options.extensionId, entries: mergeEntries(recorded, entries) });

  out.line(`Wrapper   ${wrapper}`);
  out.line(`          runs ${process.execPath} ${hostScriptPath()}`);
  out.table('Installed', rows);
  if (skipped.length) out.line(`Skipped (not installed here): ${skipped.map((t) => t.browser).join(', ')}`);
  for (const p of problems) out.error(`Failed: ${p}`);
  out.line('Restart the browser if it was running; run `antidrift-host doctor` to check.');
  return problems.length ? 1 : 0;
}

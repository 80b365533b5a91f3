// The GNOME Shell extension part of `install`: its files and its enabling, each recorded for `uninstall`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirs } from '../../make-dirs.js';
import type { DesktopInstallEntry } from '../hooks.js';
import { FIRST_ESM_GNOME, gnomeExtensionFiles } from './extension-source.js';
import { GNOME_EXTENSION_UUID } from './identity.js';
import { enableGnomeExtension, gnomeExtensionDir, gnomeShellMajor } from './shell-tools.js';

/** Writes the extension for the installed GNOME Shell's version and enables it; returns the rows to print. */
export async function installGnomeExtension(
  env: NodeJS.ProcessEnv,
  record: (entry: DesktopInstallEntry) => void,
): Promise<[string, string][]> {
  const major = await gnomeShellMajor(env);
  if (major === undefined) throw new Error('gnome-shell was not found (`gnome-shell --version` failed)');
  const dir = gnomeExtensionDir(env);
  for (const d of makeDirs(dir)) record({ kind: 'dir', path: d });
  for (const [name, content] of Object.entries(gnomeExtensionFiles(major))) {
    const path = join(dir, name);
    writeFileSync(path, content, { mode: 0o644 });
    record({ kind: 'file', path, role: 'gnome-extension' });
  }
  const how = await enableGnomeExtension(env);
  record({ kind: 'gnome-enabled', uuid: GNOME_EXTENSION_UUID });
  return [
    ['gnome', `${dir} (GNOME Shell ${major}, ${major >= FIRST_ESM_GNOME ? 'ES module' : 'legacy'} format)`],
    ['', `${how}; on Wayland GNOME loads it at the next login`],
  ];
}

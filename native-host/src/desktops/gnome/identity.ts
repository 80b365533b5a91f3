// Who GNOME and our extension are: the one "is this GNOME?" rule, the extension's uuid, and the D-Bus names both sides use.
import { desktopNames } from '../desktop-spec.js';

/** The extension's uuid: its folder name, what GNOME Shell and `gnome-extensions` know it by. */
export const GNOME_EXTENSION_UUID = 'antidrift@antidrift.dev';
/** Where the extension answers on the session bus. */
export const GNOME_OBJECT_PATH = '/dev/antidrift/ActiveWindow';
export const GNOME_INTERFACE = 'dev.antidrift.ActiveWindow';
/** GNOME Shell's own bus name, and where it answers for its extensions. */
export const GNOME_SHELL = 'org.gnome.Shell';
export const EXTENSIONS_PATH = '/org/gnome/Shell';
export const EXTENSIONS_INTERFACE = 'org.gnome.Shell.Extensions';

/**
 * A GNOME session (GNOME, GNOME Classic, Ubuntu's): the one rule the watcher's probe, `install` and
 * `doctor` use, so they never disagree about a session. Unity is not GNOME Shell: no extension loads there.
 */
export function isGnomeSession(env: NodeJS.ProcessEnv): boolean {
  return desktopNames(env).some((d) => d === 'gnome' || d.startsWith('gnome-') || d === 'ubuntu');
}

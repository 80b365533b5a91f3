// Asks the running GNOME Shell what it made of our extension (org.gnome.Shell.Extensions), for the watcher and doctor.
import { join } from 'node:path';
import { connectSessionBus, sessionBusAddress, type DBusSession } from '../watcher/dbus-session.js';
import { GNOME_EXTENSION_UUID } from './extension-source.js';
import { gnomeExtensionDir, isOurGnomeFile } from './install-extension.js';
import { gnomeIntegrationFrom, type GnomeIntegration } from './integration-state.js';

const SHELL = 'org.gnome.Shell';
export const EXTENSIONS_PATH = '/org/gnome/Shell';
export const EXTENSIONS_INTERFACE = 'org.gnome.Shell.Extensions';
const EXTENSIONS = { path: EXTENSIONS_PATH, iface: EXTENSIONS_INTERFACE };

/** dbus-next hands variants over as { signature, value }. */
function unvariant(v: unknown): unknown {
  return v !== null && typeof v === 'object' && 'value' in v && 'signature' in v ? (v as { value: unknown }).value : v;
}

export function installedOnDisk(env: NodeJS.ProcessEnv): boolean {
  const dir = gnomeExtensionDir(env);
  return isOurGnomeFile(join(dir, 'metadata.json')) && isOurGnomeFile(join(dir, 'extension.js'));
}

/** The state of our extension in the shell that owns org.gnome.Shell (`shell`, a unique name). */
export async function gnomeIntegrationOn(bus: DBusSession, shell: string, env: NodeJS.ProcessEnv): Promise<GnomeIntegration> {
  const [rawInfo] = await bus.call(shell, EXTENSIONS.path, EXTENSIONS.iface, 'GetExtensionInfo', 's', [GNOME_EXTENSION_UUID]);
  const info: Record<string, unknown> = {};
  if (rawInfo && typeof rawInfo === 'object') for (const [k, v] of Object.entries(rawInfo)) info[k] = unvariant(v);
  const property = async (name: string) => {
    try {
      const [v] = await bus.call(shell, EXTENSIONS.path, 'org.freedesktop.DBus.Properties', 'Get', 'ss', [EXTENSIONS.iface, name]);
      return unvariant(v);
    } catch {
      return undefined; // an older shell without it
    }
  };
  const userExtensionsEnabled = await property('UserExtensionsEnabled');
  const shellVersion = await property('ShellVersion');
  return gnomeIntegrationFrom({
    installedOnDisk: installedOnDisk(env),
    info,
    userExtensionsEnabled: typeof userExtensionsEnabled === 'boolean' ? userExtensionsEnabled : undefined,
    shellVersion: typeof shellVersion === 'string' ? shellVersion : undefined,
  });
}

/** For doctor: connects, asks, leaves. Undefined when no GNOME Shell is on the session bus. */
export async function readGnomeIntegration(env: NodeJS.ProcessEnv, timeoutMs = 3_000): Promise<GnomeIntegration | undefined> {
  const address = sessionBusAddress(env);
  if (!address) return undefined;
  let bus: DBusSession | undefined;
  try {
    bus = await connectSessionBus(address, timeoutMs);
    const shell = await bus.ownerOf(SHELL);
    return shell ? await gnomeIntegrationOn(bus, shell, env) : undefined;
  } catch {
    return undefined;
  } finally {
    bus?.close();
  }
}

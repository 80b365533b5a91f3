// Asks the running GNOME Shell what it made of our extension (org.gnome.Shell.Extensions), for the watcher and doctor.
import { connectSessionBus, sessionBusAddress, type DBusSession } from '../../dbus/session-bus.js';
import { EXTENSIONS_INTERFACE, EXTENSIONS_PATH, GNOME_EXTENSION_UUID, GNOME_SHELL } from './identity.js';
import { gnomeExtensionInstalled } from './shell-tools.js';
import { gnomeIntegrationFrom, type GnomeIntegration } from './states.js';

/** dbus-next hands variants over as { signature, value }. */
function unvariant(v: unknown): unknown {
  return v !== null && typeof v === 'object' && 'value' in v && 'signature' in v ? (v as { value: unknown }).value : v;
}

/** The state of our extension in the shell that owns org.gnome.Shell (`shell`, a unique name). */
export async function gnomeIntegrationOn(bus: DBusSession, shell: string, env: NodeJS.ProcessEnv): Promise<GnomeIntegration> {
  const [rawInfo] = await bus.call(shell, EXTENSIONS_PATH, EXTENSIONS_INTERFACE, 'GetExtensionInfo', 's', [GNOME_EXTENSION_UUID]);
  const info: Record<string, unknown> = {};
  if (rawInfo && typeof rawInfo === 'object') for (const [k, v] of Object.entries(rawInfo)) info[k] = unvariant(v);
  const property = async (name: string) => {
    try {
      const [v] = await bus.call(shell, EXTENSIONS_PATH, 'org.freedesktop.DBus.Properties', 'Get', 'ss', [EXTENSIONS_INTERFACE, name]);
      return unvariant(v);
    } catch {
      return undefined; // an older shell without it
    }
  };
  const userExtensionsEnabled = await property('UserExtensionsEnabled');
  const shellVersion = await property('ShellVersion');
  return gnomeIntegrationFrom({
    installedOnDisk: gnomeExtensionInstalled(env),
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
    const shell = await bus.ownerOf(GNOME_SHELL);
    return shell ? await gnomeIntegrationOn(bus, shell, env) : undefined;
  } catch {
    return undefined;
  } finally {
    bus?.close();
  }
}

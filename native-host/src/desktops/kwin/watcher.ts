// KDE Plasma window source: a KWin script loaded over D-Bus calls the host back on each activation and caption change.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { appDataDir, ensurePrivateDir } from '../../paths.js';
import type { DBusSession } from '../../dbus/session-bus.js';
import { busWindow, openServiceSession, startBusWindowWatcher } from '../../watcher/bus-window-watcher.js';
import { CALLBACK_INTERFACE, CALLBACK_METHOD, CALLBACK_PATH, KWIN_PLUGIN_NAME, kwinScript } from './script.js';
import { SourceUnavailable, type SourceHandlers, type SourceSession } from '../../watcher/reconnecting-watcher.js';
import type { WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';

const KWIN = 'org.kde.KWin';
const SCRIPTING = { path: '/Scripting', iface: 'org.kde.kwin.Scripting' };
const SCRIPT_IFACE = 'org.kde.kwin.Script';

/** The callback's arguments as a window: (caption, resourceClass, pid), the pid as text. */
export const kwinCallbackWindow = busWindow;

/** Runs a loaded script: `/Scripting/Script<id>` on Plasma 6, `/<id>` on Plasma 5. */
async function runScript(bus: DBusSession, id: number): Promise<void> {
  try {
    await bus.call(KWIN, `/Scripting/Script${id}`, SCRIPT_IFACE, 'run');
  } catch {
    await bus.call(KWIN, `/${id}`, SCRIPT_IFACE, 'run');
  }
}

async function unloadScript(bus: DBusSession): Promise<void> {
  await bus.call(KWIN, SCRIPTING.path, SCRIPTING.iface, 'unloadScript', 's', [KWIN_PLUGIN_NAME]);
}

function openKwinSession(address: string, scriptFile: string, handlers: SourceHandlers, timeoutMs: number): Promise<SourceSession> {
  return openServiceSession(address, { name: KWIN, label: 'KWin' }, handlers, timeoutMs, async (bus, kwin, isClosed) => {
    // Only KWin may tell us what is active: any other client of the bus is refused.
    bus.serve(CALLBACK_PATH, (call) => {
      if (call.sender !== kwin || call.iface !== CALLBACK_INTERFACE || call.member !== CALLBACK_METHOD) return false;
      const window = kwinCallbackWindow(call.body);
      if (window !== undefined && !isClosed()) handlers.onWindow(window);
      return true;
    });
    writeFileSync(scriptFile, kwinScript(bus.name), { mode: 0o600 });
    // A host that crashed left its script loaded, calling a bus name that is gone: replace it.
    await unloadScript(bus).catch(() => undefined);
    const [id] = await bus.call(KWIN, SCRIPTING.path, SCRIPTING.iface, 'loadScript', 'ss', [scriptFile, KWIN_PLUGIN_NAME]);
    if (typeof id !== 'number' || id < 0) throw new SourceUnavailable(`KWin refused to load the script ${scriptFile}`);
    await runScript(bus, id);
    // The script must not outlive the host: unload it before leaving the bus.
    return () => Promise.race([unloadScript(bus).catch(() => undefined), new Promise<void>((r) => setTimeout(r, 1_000).unref())]);
  });
}

/** The script file goes to the context's `dataDir` (default: the host's private app-data dir). */
export interface KwinWatcherOptions extends WatcherStart {
  timeoutMs?: number;
}

export function startKwinWatcher(sink: WatcherSink, options: KwinWatcherOptions): WatcherHandle {
  return startBusWindowWatcher(sink, {
    kind: 'kwin',
    label: 'the KWin watcher',
    env: options.env,
    describe: () => options.states.running(KWIN_PLUGIN_NAME),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (address, handlers) => {
      const dir = ensurePrivateDir(options.dataDir ?? appDataDir());
      return openKwinSession(address, path.join(dir, 'kwin-active-window.js'), handlers, options.timeoutMs ?? 5_000);
    },
  });
}

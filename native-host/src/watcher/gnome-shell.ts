// GNOME window source: the antidrift GNOME Shell extension's `Changed` signal on the session bus, one `Get` at start.
import { GNOME_EXTENSION_UUID, GNOME_INTERFACE, GNOME_OBJECT_PATH } from '../gnome/extension-source.js';
import { openServiceSession, sessionBusAddress } from './dbus-session.js';
import { SourceUnavailable, startReconnectingWatcher, type SourceHandlers, type SourceSession } from './reconnecting-watcher.js';
import type { ObservedWindow, WatcherHandle, WatcherSink } from './watcher-types.js';

const SHELL = 'org.gnome.Shell';

export const GNOME_EXTENSION_MISSING =
  `the antidrift GNOME Shell extension is not active: run \`antidrift-host install\`, then log out and back in ` +
  `(GNOME on Wayland loads new extensions at login); \`gnome-extensions info ${GNOME_EXTENSION_UUID}\` shows its state`;

/** (title, wmClass, pid) as a window; empty title and class is "no window". */
export function gnomeWindow(body: unknown[]): ObservedWindow | null | undefined {
  const [title, wmClass, pid] = body;
  if (typeof title !== 'string' || typeof wmClass !== 'string') return undefined;
  if (!title && !wmClass) return null;
  const window: ObservedWindow = { title, app: wmClass };
  if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) window.pid = pid;
  return window;
}

function openGnomeSession(address: string, handlers: SourceHandlers, timeoutMs: number): Promise<SourceSession> {
  return openServiceSession(address, { name: SHELL, label: 'GNOME Shell' }, handlers, timeoutMs, async (bus, shell, isClosed) => {
    // Signals first, then the question: a change between the two is not lost.
    let sawSignal = false;
    await bus.onSignal({ sender: shell, path: GNOME_OBJECT_PATH, iface: GNOME_INTERFACE, member: 'Changed' }, (sender, body) => {
      if (sender !== shell || isClosed()) return;
      sawSignal = true;
      const window = gnomeWindow(body);
      if (window !== undefined) handlers.onWindow(window);
    });
    let now: unknown[];
    try {
      now = await bus.call(shell, GNOME_OBJECT_PATH, GNOME_INTERFACE, 'Get');
    } catch {
      throw new Error(GNOME_EXTENSION_MISSING);
    }
    const window = sawSignal ? undefined : gnomeWindow(now);
    if (window !== undefined) handlers.onWindow(window);
  });
}

export interface GnomeWatcherOptions {
  env: NodeJS.ProcessEnv;
  firstRetryMs?: number | undefined;
  maxRetryMs?: number | undefined;
  timeoutMs?: number;
}

export function startGnomeWatcher(sink: WatcherSink, options: GnomeWatcherOptions): WatcherHandle {
  const address = sessionBusAddress(options.env);
  return startReconnectingWatcher(sink, {
    kind: 'gnome-shell',
    describe: () => `the ${GNOME_EXTENSION_UUID} GNOME Shell extension over the session bus, event-driven`,
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (handlers) => {
      if (!address)
        return Promise.reject(
          new SourceUnavailable('no usable DBUS_SESSION_BUS_ADDRESS (a unix: socket): the GNOME watcher needs the session bus'),
        );
      return openGnomeSession(address, handlers, options.timeoutMs ?? 5_000);
    },
  });
}

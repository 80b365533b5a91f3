// GNOME window source: the antidrift GNOME Shell extension's `Changed` signal on the session bus, one `Get` at start.
import { sessionBusAddress } from '../../dbus/session-bus.js';
import {
  SourceUnavailable,
  startReconnectingWatcher,
  type SourceHandlers,
  type SourceSession,
} from '../../watcher/reconnecting-watcher.js';
import { openServiceSession } from '../../watcher/service-session.js';
import type { ObservedWindow, WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';
import {
  EXTENSIONS_INTERFACE,
  EXTENSIONS_PATH,
  GNOME_EXTENSION_UUID,
  GNOME_INTERFACE,
  GNOME_OBJECT_PATH,
  GNOME_SHELL,
} from './identity.js';
import { gnomeIntegrationOn } from './read-integration.js';
import { gnomeIntegrationMessage } from './states.js';

/** (title, wmClass, pid) as a window; empty title and class is "no window". */
export function gnomeWindow(body: unknown[]): ObservedWindow | null | undefined {
  const [title, wmClass, pid] = body;
  if (typeof title !== 'string' || typeof wmClass !== 'string') return undefined;
  if (!title && !wmClass) return null;
  const window: ObservedWindow = { title, app: wmClass };
  if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) window.pid = pid;
  return window;
}

function openGnomeSession(address: string, env: NodeJS.ProcessEnv, handlers: SourceHandlers, timeoutMs: number): Promise<SourceSession> {
  return openServiceSession(
    address,
    { name: GNOME_SHELL, label: 'GNOME Shell' },
    handlers,
    timeoutMs,
    async (bus, shell, isClosed, lose) => {
      // Disabled, removed or broken while the shell runs: the shell stays on the bus, so only its word tells us.
      await bus.onSignal(
        { sender: shell, path: EXTENSIONS_PATH, iface: EXTENSIONS_INTERFACE, member: 'ExtensionStateChanged' },
        (sender, body) => {
          if (sender !== shell || isClosed() || body[0] !== GNOME_EXTENSION_UUID) return;
          void gnomeIntegrationOn(bus, shell, env).then(
            (integration) => {
              if (integration.state !== 'active') lose(gnomeIntegrationMessage(integration));
            },
            () => undefined,
          );
        },
      );
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
        // Not answering: say what GNOME Shell made of it (not installed, disabled, out of date, failed…) and what to do.
        const integration = await gnomeIntegrationOn(bus, shell, env).catch(() => ({ state: 'unknown' as const }));
        // Active by the shell's word but not answering yet (it is starting the extension): retried shortly.
        throw new Error(
          integration.state === 'active'
            ? 'the antidrift GNOME Shell extension is active but did not answer yet'
            : gnomeIntegrationMessage(integration),
        );
      }
      const window = sawSignal ? undefined : gnomeWindow(now);
      if (window !== undefined) handlers.onWindow(window);
    },
  );
}

export interface GnomeWatcherOptions extends WatcherStart {
  timeoutMs?: number;
}

export function startGnomeWatcher(sink: WatcherSink, options: GnomeWatcherOptions): WatcherHandle {
  const address = sessionBusAddress(options.env);
  return startReconnectingWatcher(sink, {
    kind: 'gnome-shell',
    describe: () => options.states.running(address ?? ''),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (handlers) => {
      if (!address)
        return Promise.reject(
          new SourceUnavailable('no usable DBUS_SESSION_BUS_ADDRESS (a unix: socket): the GNOME watcher needs the session bus'),
        );
      return openGnomeSession(address, options.env, handlers, options.timeoutMs ?? 5_000);
    },
  });
}

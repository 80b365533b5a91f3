// GNOME window source: the antidrift GNOME Shell extension's `Changed` signal on the session bus, one `Get` at start.
import { busWindow, openServiceSession, startBusWindowWatcher } from '../../watcher/bus-window-watcher.js';
import type { SourceHandlers, SourceSession } from '../../watcher/reconnecting-watcher.js';
import type { WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
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

/** The extension's (title, wmClass, pid), from its `Changed` signal or its `Get`, as a window. */
export const gnomeWindow = busWindow;

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
  return startBusWindowWatcher(sink, {
    kind: 'gnome-shell',
    label: 'the GNOME watcher',
    env: options.env,
    describe: (address) => options.states.running(address),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (address, handlers) => openGnomeSession(address, options.env, handlers, options.timeoutMs ?? 5_000),
  });
}

// The base of the D-Bus window watchers (GNOME, KWin): their window parser, their session with one service of the bus, their start.
import { connectSessionBus, sessionBusAddress, type DBusSession } from '../dbus/session-bus.js';
import { SourceUnavailable, startReconnectingWatcher, type SourceHandlers, type SourceSession } from './reconnecting-watcher.js';
import type { ObservedWindow, WatcherHandle, WatcherSink } from './watcher-types.js';

/**
 * (title, class, pid) as a window, as our GNOME Shell extension signals it and the KWin script calls back;
 * empty title and class is "no window", a malformed body undefined (ignored). The pid is kept when it is a
 * positive integer, given as a number (GNOME's D-Bus uint32) or as text (the KWin script's callDBus).
 */
export function busWindow(body: unknown[]): ObservedWindow | null | undefined {
  const [title, app, pid] = body;
  if (typeof title !== 'string' || typeof app !== 'string') return undefined;
  if (!title && !app) return null;
  const window: ObservedWindow = { title, app };
  const n = Number(pid);
  if (Number.isInteger(n) && n > 0) window.pid = n;
  return window;
}

/**
 * A watcher session that depends on one service of the bus (KWin, GNOME Shell): it is lost when
 * that service leaves the bus or is replaced, or the bus closes. `setup` subscribes and asks
 * (`isClosed` tells its callbacks the session is over, `lose` ends it from inside); what it returns
 * runs before leaving the bus.
 */
export async function openServiceSession(
  address: string,
  service: { name: string; label: string },
  handlers: SourceHandlers,
  timeoutMs: number,
  setup: (
    bus: DBusSession,
    owner: string,
    isClosed: () => boolean,
    lose: (reason: string) => void,
  ) => Promise<(() => Promise<void>) | void>,
): Promise<SourceSession> {
  const bus = await connectSessionBus(address, timeoutMs);
  let closed = false;
  const lose = (reason: string) => {
    if (closed) return;
    closed = true;
    bus.close();
    handlers.onLost(reason);
  };
  try {
    const owner = await bus.ownerOf(service.name);
    if (!owner) throw new Error(`${service.label} (${service.name}) is not on the session bus`);
    await bus.followOwner(service.name, (now) => {
      if (now !== owner) lose(now ? `${service.label} was replaced` : `${service.label} left the session bus`);
    });
    bus.onClosed(lose);
    const beforeLeaving = await setup(bus, owner, () => closed, lose);
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        await beforeLeaving?.();
        bus.close();
      },
    };
  } catch (err) {
    closed = true;
    bus.close();
    throw err;
  }
}

export interface BusWindowWatcherOptions {
  kind: string;
  /** Whose watcher it is, in the words said when there is no session bus: "the KWin watcher". */
  label: string;
  env: NodeJS.ProcessEnv;
  /** What `running` says; `address` is the session bus's. */
  describe(address: string): string;
  firstRetryMs?: number | undefined;
  maxRetryMs?: number | undefined;
  /** One session on the bus at `address`; the base opens another when it is lost. */
  open(address: string, handlers: SourceHandlers): Promise<SourceSession>;
}

/** A window watcher over the session bus, kept alive by the reconnecting watcher; without a usable bus it says so and waits. */
export function startBusWindowWatcher(sink: WatcherSink, options: BusWindowWatcherOptions): WatcherHandle {
  const address = sessionBusAddress(options.env);
  return startReconnectingWatcher(sink, {
    kind: options.kind,
    describe: () => options.describe(address ?? ''),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (handlers) => {
      if (!address)
        return Promise.reject(
          new SourceUnavailable(`no usable DBUS_SESSION_BUS_ADDRESS (a unix: socket): ${options.label} needs the session bus`),
        );
      return options.open(address, handlers);
    },
  });
}

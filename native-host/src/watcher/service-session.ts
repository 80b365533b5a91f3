// A watcher session that lives as long as one service of the session bus (KWin, GNOME Shell) stays the same.
import { connectSessionBus, type DBusSession } from '../dbus/session-bus.js';
import type { SourceHandlers, SourceSession } from './reconnecting-watcher.js';

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

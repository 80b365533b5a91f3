// The D-Bus session bus client the KDE and GNOME watchers and GNOME's doctor rows share: connect, call, follow a name's owner, answer callbacks.
import path from 'node:path';
import { Message, MessageType, sessionBus, type MessageBus } from '@jellybrick/dbus-next';
import { isSocket } from '../watcher/socket-files.js';

const DBUS = { destination: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus' };

export interface DBusSession {
  /** Our unique name on the bus (`:1.42`). */
  readonly name: string;
  call(destination: string, path: string, iface: string, member: string, signature?: string, body?: unknown[]): Promise<unknown[]>;
  /** The unique name that owns `wellKnown` now, or undefined. */
  ownerOf(wellKnown: string): Promise<string | undefined>;
  /** Calls `onChange(newOwner)` whenever the owner of `wellKnown` changes ('' when it left the bus). */
  followOwner(wellKnown: string, onChange: (newOwner: string) => void): Promise<void>;
  /** Subscribes to one signal; `handler` gets its sender and body. */
  onSignal(
    match: { sender: string; path: string; iface: string; member: string },
    handler: (sender: string, body: unknown[]) => void,
  ): Promise<void>;
  /** Answers method calls to `path`: `handler` returns true when it handled the call (a reply is sent for it). */
  serve(path: string, handler: (msg: { sender: string; iface: string; member: string; body: unknown[] }) => boolean): void;
  onClosed(handler: (reason: string) => void): void;
  close(): void;
}

function matchRule(m: { sender: string; path?: string; iface: string; member: string; arg0?: string }): string {
  const parts = [`type='signal'`, `sender='${m.sender}'`, `interface='${m.iface}'`, `member='${m.member}'`];
  if (m.path) parts.push(`path='${m.path}'`);
  if (m.arg0) parts.push(`arg0='${m.arg0}'`);
  return parts.join(',');
}

/**
 * The session bus address the watchers may use: only `unix:` transports. D-Bus also defines
 * `unixexec:` (the library would start the program the address names) and `tcp:`; neither is
 * ever what a desktop session uses, and the host starts no program it does not know.
 */
export function safeBusAddress(address: string): string | undefined {
  const unix = address
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a.startsWith('unix:'));
  return unix.length ? unix.join(';') : undefined;
}

/** `$DBUS_SESSION_BUS_ADDRESS` (its unix: entries), else systemd's per-user bus at `$XDG_RUNTIME_DIR/bus`. */
export function sessionBusAddress(env: NodeJS.ProcessEnv): string | undefined {
  const named = env.DBUS_SESSION_BUS_ADDRESS?.trim();
  if (named) return safeBusAddress(named);
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  return runtime && isSocket(path.join(runtime, 'bus')) ? `unix:path=${path.join(runtime, 'bus')}` : undefined;
}

/** Connects to the session bus at `address` (the host's `DBUS_SESSION_BUS_ADDRESS`). */
export function connectSessionBus(address: string, timeoutMs: number): Promise<DBusSession> {
  return new Promise((resolve, reject) => {
    let bus: MessageBus;
    try {
      if (safeBusAddress(address) !== address)
        throw new Error(`refusing the session bus address ${address}: only unix: transports are used`);
      bus = sessionBus({ busAddress: address });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    const closedHandlers: Array<(reason: string) => void> = [];
    let settled = false;
    let closed = false;
    const closeWith = (reason: string) => {
      if (closed) return;
      closed = true;
      for (const h of closedHandlers) h(reason);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      bus.disconnect();
      reject(new Error(`the session bus at ${address} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
    // The library reports a dropped connection as an `error` on the bus; without a listener it would throw.
    (bus as unknown as NodeJS.EventEmitter).on('error', (err: Error) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(new Error(`session bus: ${err.message}`));
      } else closeWith(`session bus: ${err.message}`);
    });
    // The library does not pass a closed connection on to the bus: listen to the connection itself.
    (bus as unknown as { _connection?: NodeJS.EventEmitter })._connection?.on('end', () =>
      closeWith('the session bus closed the connection'),
    );
    const signalHandlers: Array<(msg: Message) => void> = [];
    bus.on('message', (msg) => {
      if (msg.type === MessageType.SIGNAL) for (const h of signalHandlers) h(msg);
    });
    bus.on('connect', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const call: DBusSession['call'] = async (destination, path, iface, member, signature = '', body = []) => {
        const reply = await bus.call(new Message({ destination, path, interface: iface, member, signature, body }));
        return reply?.body ?? [];
      };
      const addMatch = (rule: string) => call(DBUS.destination, DBUS.path, DBUS.interface, 'AddMatch', 's', [rule]).then(() => undefined);
      resolve({
        name: bus.name ?? '',
        call,
        async ownerOf(wellKnown) {
          try {
            const [owner] = await call(DBUS.destination, DBUS.path, DBUS.interface, 'GetNameOwner', 's', [wellKnown]);
            return typeof owner === 'string' ? owner : undefined;
          } catch {
            return undefined; // NameHasNoOwner
          }
        },
        async followOwner(wellKnown, onChange) {
          signalHandlers.push((msg) => {
            if (msg.sender !== DBUS.destination || msg.member !== 'NameOwnerChanged' || msg.body[0] !== wellKnown) return;
            onChange(typeof msg.body[2] === 'string' ? msg.body[2] : '');
          });
          await addMatch(matchRule({ sender: DBUS.destination, iface: DBUS.interface, member: 'NameOwnerChanged', arg0: wellKnown }));
        },
        async onSignal(m, handler) {
          signalHandlers.push((msg) => {
            if (msg.path === m.path && msg.interface === m.iface && msg.member === m.member) handler(msg.sender, msg.body);
          });
          await addMatch(matchRule(m));
        },
        serve(path, handler) {
          bus.addMethodHandler((msg) => {
            if (msg.path !== path) return false;
            const handled = handler({ sender: msg.sender, iface: msg.interface, member: msg.member, body: msg.body });
            bus.send(
              handled ? Message.newMethodReturn(msg, '', []) : Message.newError(msg, 'org.freedesktop.DBus.Error.AccessDenied', 'refused'),
            );
            return true;
          });
        },
        onClosed: (handler) => closedHandlers.push(handler),
        close() {
          closed = true;
          bus.disconnect();
        },
      });
    });
  });
}

// The lifecycle every socket-based window source shares: connect, open once, fail once, close on demand.
import net from 'node:net';
import type { SourceHandlers, SourceSession } from './reconnecting-watcher.js';

export interface SocketLife {
  /** Ends the session: before it opened, the open is refused with `reason`; after, the watcher reconnects. */
  fail(reason: string | Error): void;
  /** The session works: the open resolves (once). */
  opened(): void;
  readonly closed: boolean;
}

/**
 * Connects to `socketPath` and lets `wire` speak the protocol; a connection that has not
 * `opened()` within `timeoutMs`, errors, or closes, fails the session exactly once.
 */
export function openSocketSession(
  socketPath: string,
  label: string,
  handlers: SourceHandlers,
  timeoutMs: number,
  wire: (socket: net.Socket, life: SocketLife) => void,
): Promise<SourceSession> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let open = false;
    let closed = false;
    const session: SourceSession = {
      close: () => {
        closed = true;
        socket.destroy();
      },
    };
    const life: SocketLife = {
      fail(reason) {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        socket.destroy();
        const error = reason instanceof Error ? reason : new Error(reason);
        if (open) handlers.onLost(error.message);
        else reject(error);
      },
      opened() {
        if (open || closed) return;
        clearTimeout(timer);
        open = true;
        resolve(session);
      },
      get closed() {
        return closed;
      },
    };
    const timer = setTimeout(() => life.fail(`${label}: no answer within ${timeoutMs} ms`), timeoutMs);
    timer.unref();
    socket.on('error', (err) => life.fail(`${label}: ${err.message}`));
    socket.on('close', () => life.fail(`${label} closed`));
    wire(socket, life);
  });
}

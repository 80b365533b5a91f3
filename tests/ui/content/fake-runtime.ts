// A fake browser.runtime for the toast: ports the test drives, recorded messages, a killable context.
import type { PortRuntime, RuntimePort } from '../../../ui/connection/reconnecting-port';

export class FakePort implements RuntimePort {
  private messageListeners: ((m: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  disconnected = false;
  constructor(readonly name: string) {}
  onMessage = { addListener: (l: (m: unknown) => void) => void this.messageListeners.push(l) };
  onDisconnect = { addListener: (l: () => void) => void this.disconnectListeners.push(l) };
  disconnect() {
    this.disconnected = true;
  }
  /** The background pushes a message down this port. */
  emit(message: unknown) {
    for (const l of this.messageListeners) l(message);
  }
  /** The service worker went away. */
  drop() {
    for (const l of this.disconnectListeners) l();
  }
}

export class FakeRuntime implements PortRuntime {
  sent: unknown[] = [];
  ports: FakePort[] = [];
  alive = true;
  /** When set, sendMessage throws this synchronously (as Chromium does after a reload). */
  throwOnSend: Error | null = null;
  get id(): string | undefined {
    return this.alive ? 'abcdefghijklmnopabcdefghijklmnop' : undefined;
  }
  connect({ name }: { name: string }): FakePort {
    if (!this.alive) throw new Error('Extension context invalidated.');
    const port = new FakePort(name);
    this.ports.push(port);
    return port;
  }
  sendMessage(message: unknown): Promise<unknown> {
    if (this.throwOnSend) throw this.throwOnSend;
    this.sent.push(message);
    return Promise.resolve({ ok: true });
  }
  get port(): FakePort {
    const last = this.ports.at(-1);
    if (!last) throw new Error('no port opened');
    return last;
  }
}

// The state port our pages and the content script hold open: connect, reconnect with backoff, stop when the extension is gone.
import { STATE_PORT_RETRY } from '../../shared/core/core-limits';
import { STATE_PORT } from '../../shared/messages/state-port';
import { Backoff, type BackoffBounds } from '../../shared/util/backoff';

/** The slice of a runtime.Port the client uses (tests hand in a fake). */
export interface RuntimePort {
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

/** The slice of browser.runtime the client uses. */
export interface PortRuntime {
  readonly id?: string | undefined;
  readonly lastError?: unknown;
  connect(info: { name: string }): RuntimePort;
  sendMessage(message: unknown): Promise<unknown>;
}

/** After an extension reload the page keeps running, but runtime.id is gone and every call throws. */
export function contextGone(getRuntime: () => PortRuntime | undefined, error?: unknown): boolean {
  if (error instanceof Error && /context invalidated/i.test(error.message)) return true;
  try {
    return !getRuntime()?.id;
  } catch {
    return true;
  }
}

export interface StatePortOptions {
  getRuntime: () => PortRuntime | undefined;
  /** Every message the background sends (the caller checks its shape). */
  onMessage(message: unknown): void;
  /** The extension context died (reloaded, updated or removed): nothing will connect again. */
  onGone(): void;
  /** Reconnect delays (tests shorten them): the first, doubling per failed attempt up to the longest. */
  retry?: BackoffBounds;
}

export interface StatePortClient {
  stop(): void;
  readonly stopped: boolean;
}

/**
 * Opens the state port and keeps it open: a service worker that went away (idle shutdown, update) is
 * reconnected after a backoff, so one that keeps failing to start is not knocked on four times a
 * second forever. Never throws, even after the extension context is gone.
 */
export function connectStatePort(options: StatePortOptions): StatePortClient {
  const { getRuntime } = options;
  const backoff = new Backoff(options.retry ?? STATE_PORT_RETRY);
  let stopped = false;
  let port: RuntimePort | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(retry);
    try {
      port?.disconnect();
    } catch {
      // The context is already gone: nothing to close.
    }
    port = undefined;
  };
  const gone = () => {
    stop();
    options.onGone();
  };

  const onDisconnect = () => {
    port = undefined;
    try {
      void getRuntime()?.lastError; // Reading it keeps Chromium from logging an unchecked error.
    } catch {
      // Ignored: the check below decides.
    }
    if (stopped) return;
    if (contextGone(getRuntime)) return gone();
    retry = setTimeout(connect, backoff.next());
  };

  function connect() {
    if (stopped) return;
    if (contextGone(getRuntime)) return gone();
    try {
      const runtime = getRuntime();
      if (!runtime) return gone();
      port = runtime.connect({ name: STATE_PORT });
      port.onMessage.addListener((message) => {
        backoff.reset();
        options.onMessage(message);
      });
      port.onDisconnect.addListener(onDisconnect);
    } catch (error) {
      if (contextGone(getRuntime, error)) return gone();
      onDisconnect();
    }
  }

  connect();
  return {
    stop,
    get stopped() {
      return stopped;
    },
  };
}

// The surfaces' side of the background connection: a state subscription and typed requests.
import { browser } from 'wxt/browser';
import { STATE_PORT_RETRY } from '../../shared/core/limits';
import { isReply, isStatePush } from '../../shared/messages/guards';
import type { StatePush } from '../../shared/messages/pushes';
import type { Reply, RequestOf, RequestType } from '../../shared/messages/requests';
import { STATE_PORT } from '../../shared/messages/state-port';
import { Backoff } from '../../shared/util/backoff';
import { errorText } from '../../shared/util/error-text';

/** True once the extension was reloaded or removed under a live page: every API call throws then. */
export function extensionContextGone(): boolean {
  try {
    return !browser.runtime?.id;
  } catch {
    return true;
  }
}

/**
 * Subscribes to state pushes over a runtime port, reconnecting when the service worker restarts.
 * Returns an unsubscribe function. Never throws, even after the extension context is gone.
 */
export function subscribeState(onState: (push: StatePush) => void, onGone?: () => void): () => void {
  let closed = false;
  let port: ReturnType<typeof browser.runtime.connect> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // A worker that keeps failing to start must not be knocked on four times a second forever.
  const backoff = new Backoff(STATE_PORT_RETRY);
  const connect = () => {
    if (closed) return;
    if (extensionContextGone()) {
      onGone?.();
      return;
    }
    try {
      port = browser.runtime.connect({ name: STATE_PORT });
    } catch {
      onGone?.();
      return;
    }
    port.onMessage.addListener((message: unknown) => {
      if (!isStatePush(message)) return;
      backoff.reset();
      onState(message);
    });
    port.onDisconnect.addListener(() => {
      port = undefined;
      // The service worker went away (idle shutdown or update): come back shortly.
      if (closed) return;
      retry = setTimeout(connect, backoff.next());
    });
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    try {
      port?.disconnect();
    } catch {
      // Context already invalidated: nothing left to disconnect.
    }
  };
}

/** Sends a request to the background and checks the reply; every failure comes back as `{ok: false}`. */
export async function request<T extends RequestType>(req: RequestOf<T>): Promise<Reply<T>> {
  try {
    const raw: unknown = await browser.runtime.sendMessage(req);
    if (isReply(raw, req.type)) return raw;
    return { ok: false, error: { kind: 'bad_request', message: 'the background sent an unexpected reply' } };
  } catch (error) {
    return { ok: false, error: { kind: 'bad_request', message: errorText(error) } };
  }
}

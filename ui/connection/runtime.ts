// The surfaces' side of the background connection: a state subscription and typed requests.
// Native `browser` (no webextension-polyfill): MV3 Chromium (116+) and Firefox answer with promises; the polyfill cost every page ~10 KB.
import { browser } from '@wxt-dev/browser';
import { isReply, isStatePush } from '../../shared/messages/guards';
import type { StatePush } from '../../shared/messages/pushes';
import type { Reply, RequestOf, RequestType } from '../../shared/messages/requests';
import { errorText } from '../../shared/util/error-text';
import { connectStatePort, type PortRuntime } from './reconnecting-port';

/**
 * Subscribes to state pushes over the state port, reconnecting when the service worker restarts.
 * Returns an unsubscribe function. Never throws, even after the extension context is gone.
 */
export function subscribeState(onState: (push: StatePush) => void, onGone: () => void = () => {}): () => void {
  const client = connectStatePort({
    getRuntime: () => browser.runtime as unknown as PortRuntime,
    onMessage: (message) => {
      if (isStatePush(message)) onState(message);
    },
    onGone,
  });
  return client.stop;
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

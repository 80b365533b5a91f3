// A page's one state subscription, started before the first render so the round trip overlaps it.
import type { StatePush } from '../../shared/messages/pushes';
import type { SurfaceClient } from './surface-client';

export interface StateFeed {
  /** The newest push so far, or null before the background has answered. */
  latest(): StatePush | null;
  /** Called on every newer push; returns an unsubscribe function. */
  listen(onState: (push: StatePush) => void): () => void;
}

const feeds = new WeakMap<SurfaceClient, StateFeed>();

/**
 * The feed for `client`, created (and connected) on first use. Lives as long as the page: the port
 * closes with it. Calling this at module load, before `render`, starts the connection while the
 * page is still being set up instead of after the first paint.
 */
export function stateFeed(client: SurfaceClient): StateFeed {
  const existing = feeds.get(client);
  if (existing) return existing;
  let latest: StatePush | null = null;
  const listeners = new Set<(push: StatePush) => void>();
  // The port's first push and the getState reply race; keep whichever the background stamped later.
  const accept = (next: StatePush) => {
    if (latest && latest.now > next.now) return;
    latest = next;
    for (const listener of listeners) listener(next);
  };
  client.subscribe(accept);
  void client.request({ type: 'getState' }).then((reply) => {
    if (reply.ok) accept(reply.value);
  });
  const feed: StateFeed = {
    latest: () => latest,
    listen(onState) {
      listeners.add(onState);
      return () => listeners.delete(onState);
    },
  };
  feeds.set(client, feed);
  return feed;
}

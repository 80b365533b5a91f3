// Hooks over the background's state: the latest push, and a ticking wall clock.
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { StatePush } from '../../shared/messages/pushes';
import type { SurfaceClient } from './surface-client';
import { stateFeed } from './state-feed';

/** The latest state push; renders it at once when the page's feed already has one. */
export function useStatePush(client: SurfaceClient): StatePush | null {
  const feed = stateFeed(client);
  const [push, setPush] = useState(feed.latest);
  // A layout effect, not a passive one: it runs right after this render instead of after the next
  // paint, so a push that lands in between is shown a frame earlier.
  useLayoutEffect(() => {
    setPush(feed.latest());
    return feed.listen(setPush);
  }, [feed]);
  return push;
}

/** Hook: the wall clock, re-read every second while `ticking`. */
export function useNow(client: SurfaceClient, ticking: boolean): number {
  const [now, setNow] = useState(() => client.now());
  useEffect(() => {
    setNow(client.now());
    if (!ticking) return;
    const timer = setInterval(() => setNow(client.now()), 1000);
    return () => clearInterval(timer);
  }, [client, ticking]);
  return now;
}

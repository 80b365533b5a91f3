// Hook: the latest state push, from an immediate getState and the live subscription, newest wins.
import { useEffect, useState } from 'preact/hooks';
import type { StatePush } from '../shared/messages';
import type { SurfaceClient } from './client';

export function useStatePush(client: SurfaceClient): StatePush | null {
  const [push, setPush] = useState<StatePush | null>(null);
  useEffect(() => {
    let live = true;
    // A getState reply can arrive after a newer push: keep whichever the background stamped later.
    const accept = (next: StatePush) => {
      if (live) setPush((prev) => (prev && prev.now > next.now ? prev : next));
    };
    const unsubscribe = client.subscribe(accept);
    void client.request({ type: 'getState' }).then((reply) => {
      if (reply.ok && reply.state) accept(reply.state);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client]);
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

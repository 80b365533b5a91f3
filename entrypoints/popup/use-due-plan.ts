// The schedule as the popup sees it (the block on offer, today's blocks), asked on open, when the phase or the settings change, and every half minute.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { StatePush } from '../../shared/messages/pushes';
import type { ReplyValue } from '../../shared/messages/requests';
import { useClient } from '../../ui/connection/surface-client';

export type DuePlan = ReplyValue<'getPlan'>;

const REFRESH_MS = 30_000;

/** `refresh` asks again at once (after the person answered the offer). */
export function useDuePlan(push: StatePush | null): { plan: DuePlan | null; refresh(): void } {
  const client = useClient();
  const [plan, setPlan] = useState<DuePlan | null>(null);
  const [asked, setAsked] = useState(0);
  // Not on every push (a title change pushes too): the plan changes with the phase (a session ended) or the schedule (settings).
  const phase = push?.view.phase;
  const revision = push?.view.settingsRevision;
  useEffect(() => {
    let live = true;
    const ask = () =>
      void client.request({ type: 'getPlan' }).then((reply) => {
        // A background without the schedule (or a test's unscripted reply) answers nothing: no offer.
        if (live) setPlan(reply.ok && reply.value ? reply.value : null);
      });
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, phase, revision, asked]);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  return { plan, refresh };
}

// The running session's totals and the pending review, asked of the background on each push and every half minute.
import { useEffect, useState } from 'preact/hooks';
import type { StatePush } from '../../shared/messages/pushes';
import type { ReplyValue } from '../../shared/messages/requests';
import { useClient } from '../../ui/connection/surface-client';

export type HistoryStatus = ReplyValue<'getHistoryStatus'>;

const REFRESH_MS = 30_000;

/** `version` changes whenever the caller wants a fresh answer (a push, an answered review). */
export function useHistoryStatus(push: StatePush | null, version = 0): HistoryStatus | null {
  const client = useClient();
  const [status, setStatus] = useState<HistoryStatus | null>(null);
  const phase = push?.view.phase;
  const drift = push?.view.status;
  const away = push?.view.away;
  useEffect(() => {
    let live = true;
    const ask = () =>
      void client.request({ type: 'getHistoryStatus' }).then((reply) => {
        if (live && reply.ok) setStatus(reply.value);
      });
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, phase, drift, away, version]);
  return status;
}

// A scripted SurfaceClient for component tests: records requests, answers by type, pushes state.
import { act, render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import type { PageRequest, Reply, StatePush } from '../../shared/messages';
import { ClientProvider, type SurfaceClient } from '../../ui/client';
import { T0 } from './fixtures';

type Handler = (req: PageRequest) => Reply | Promise<Reply>;

export function fakeClient(handlers: Partial<Record<PageRequest['type'], Handler>> = {}) {
  const requests: PageRequest[] = [];
  const listeners = new Set<(push: StatePush) => void>();
  let now = T0;
  let optionsOpened = 0;
  const client: SurfaceClient = {
    subscribe(onState) {
      listeners.add(onState);
      return () => listeners.delete(onState);
    },
    async request(req) {
      requests.push(req);
      const handler = handlers[req.type];
      return handler ? handler(req) : { ok: true };
    },
    now: () => now,
    openOptions: () => void (optionsOpened += 1),
  };
  return {
    client,
    requests,
    /** Requests of one type, in order. */
    sent<K extends PageRequest['type']>(type: K) {
      return requests.filter((r): r is Extract<PageRequest, { type: K }> => r.type === type);
    },
    push(state: StatePush) {
      act(() => listeners.forEach((l) => l(state)));
    },
    setNow(at: number) {
      now = at;
    },
    get optionsOpened() {
      return optionsOpened;
    },
  };
}

export function renderWith(client: SurfaceClient, ui: ComponentChildren) {
  return render(<ClientProvider client={client}>{ui}</ClientProvider>);
}

// The surfaces' view of the background, passed through context so tests can inject a fake one.
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { PageRequest, Reply, StatePush } from '../shared/messages';

export interface SurfaceClient {
  /** State pushes, on connect and on every change; returns an unsubscribe function. */
  subscribe(onState: (push: StatePush) => void): () => void;
  request(req: PageRequest): Promise<Reply>;
  /** Wall clock for the ticking elapsed/time-left display. */
  now(): number;
  openOptions(): void;
}

const ClientContext = createContext<SurfaceClient | null>(null);

export function ClientProvider({ client, children }: { client: SurfaceClient; children: ComponentChildren }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): SurfaceClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside a ClientProvider');
  return client;
}

/** A failed reply's message and hint, as one line. */
export function replyError(reply: Reply): string {
  if (reply.ok) return '';
  const hint = 'hint' in reply.error && reply.error.hint ? ` — ${reply.error.hint}` : '';
  return `${reply.error.message}${hint}`;
}

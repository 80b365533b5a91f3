// The surfaces' view of the background, passed through context so tests can inject a fake one.
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { failureText } from '../../shared/messages/failure-text';
import type { StatePush } from '../../shared/messages/pushes';
import type { Reply, RequestOf, RequestType } from '../../shared/messages/requests';
import type { ExtensionEnvironment } from '../install-command';

export interface SurfaceClient {
  /** State pushes, on connect and on every change; returns an unsubscribe function. */
  subscribe(onState: (push: StatePush) => void): () => void;
  /** Sends one request; the reply's value has the type that request declares. */
  request<T extends RequestType>(req: RequestOf<T>): Promise<Reply<T>>;
  /** Wall clock for the ticking elapsed/time-left display. */
  now(): number;
  openOptions(): void;
  /** Opens the History page (EXTENSION_PAGES.history) in a new tab. */
  openHistory(): void;
  /** This browser, this extension's ID and release: what the helper's install command depends on. */
  environment(): ExtensionEnvironment;
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

/** A failed reply as the sentence a person reads (its message, then what to do). */
export function replyError(reply: Reply): string {
  return reply.ok ? '' : failureText(reply.error);
}

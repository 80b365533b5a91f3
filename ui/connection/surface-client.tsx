// The surfaces' view of the background, passed through context so tests can inject a fake one.
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { failureText } from '../../shared/core/failure-text';
import type { StatePush } from '../../shared/messages/pushes';
import type { Reply, RequestOf, RequestType } from '../../shared/messages/requests';
import type { ExtensionPage } from '../../shared/extension-pages';
import type { ExtensionEnvironment } from '../install-command';
import type { SetupTarget } from '../setup-state';

export interface SurfaceClient {
  /** State pushes, on connect and on every change; returns an unsubscribe function. */
  subscribe(onState: (push: StatePush) => void): () => void;
  /** Sends one request; the reply's value has the type that request declares. */
  request<T extends RequestType>(req: RequestOf<T>): Promise<Reply<T>>;
  /** Wall clock for the ticking elapsed/time-left display. */
  now(): number;
  /** Brings the tab of one of our pages to the front (at `section`, an element id), or opens it. */
  openPage(page: ExtensionPage, section?: string): void;
  /** Opens the toolbar popup (or, where the browser cannot, the popup page in a small window). */
  openPopup(): void;
  /** This browser, this extension's ID and release: what the helper's install command depends on. */
  environment(): ExtensionEnvironment;
  /** Whether the browser lets antidrift run in private windows (the person allows it in the browser's extension settings). */
  privateWindowsAllowed(): Promise<boolean>;
  /**
   * Asks the browser for the helper's permission (Firefox's optional nativeMessaging): true once granted. Called in a
   * click handler, as the browser wants a person's gesture for the prompt.
   */
  allowHelper(): Promise<boolean>;
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

/** Opens where a setup step is done: the welcome page, or a section of Options. */
export function openSetupTarget(client: SurfaceClient, to: SetupTarget): void {
  if (to === 'welcome') client.openPage('welcome');
  else client.openPage('options', to === 'options-helper' ? 'helper' : 'ai-backend');
}

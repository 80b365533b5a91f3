// A scripted SurfaceClient for component tests: records requests, answers by type, pushes state.
import { act, render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import type { StatePush } from '../../shared/messages/pushes';
import type { PageRequest, Reply, RequestOf, RequestType } from '../../shared/messages/requests';
import { ClientProvider, type SurfaceClient } from '../../ui/connection/surface-client';
import { T0 } from './fixtures';
import type { ExtensionEnvironment } from '../../ui/install-command';

/** The browser, ID and release the fake pages run as. */
export const ENVIRONMENT: ExtensionEnvironment = {
  browser: 'chromium',
  extensionId: 'abcdefghijklmnopabcdefghijklmnop',
  version: '0.2.0',
  linux: true,
};

type Handlers = { [T in RequestType]?: (req: RequestOf<T>) => Reply<T> | Promise<Reply<T>> };

/** What an unscripted request gets: actions succeed; the state comes only from pushes unless scripted. */
function unscripted(type: RequestType): Reply {
  return type === 'getState'
    ? { ok: false, error: { kind: 'unavailable', message: 'no state scripted' } }
    : ({ ok: true, value: null } as Reply);
}

export function fakeClient(handlers: Handlers = {}) {
  const requests: PageRequest[] = [];
  const listeners = new Set<(push: StatePush) => void>();
  let now = T0;
  const pagesOpened: string[] = [];
  let popupOpened = 0;
  let privateWindowsAllowed = false;
  let helperGrant = true;
  let helperAsked = 0;
  const client: SurfaceClient = {
    subscribe(onState) {
      listeners.add(onState);
      return () => listeners.delete(onState);
    },
    async request<T extends RequestType>(req: RequestOf<T>): Promise<Reply<T>> {
      requests.push(req as PageRequest);
      const handler = handlers[req.type] as ((req: RequestOf<T>) => Reply<T> | Promise<Reply<T>>) | undefined;
      return handler ? handler(req) : (unscripted(req.type) as Reply<T>);
    },
    now: () => now,
    openPage: (page, section) => void pagesOpened.push(section ? `${page}#${section}` : page),
    openPopup: () => void (popupOpened += 1),
    environment: () => ENVIRONMENT,
    privateWindowsAllowed: () => Promise.resolve(privateWindowsAllowed),
    allowHelper: () => {
      helperAsked += 1;
      return Promise.resolve(helperGrant);
    },
  };
  return {
    client,
    requests,
    /** Requests of one type, in order. */
    sent<K extends RequestType>(type: K) {
      return requests.filter((r): r is Extract<PageRequest, { type: K }> => r.type === type);
    },
    push(state: StatePush) {
      act(() => listeners.forEach((l) => l(state)));
    },
    setNow(at: number) {
      now = at;
    },
    /** Whether the browser lets antidrift run in private windows (off, as a browser's default). */
    setPrivateWindowsAllowed(allowed: boolean) {
      privateWindowsAllowed = allowed;
    },
    /** What the browser's prompt for the helper's permission answers (granted unless a test says no). */
    setHelperGrant(granted: boolean) {
      helperGrant = granted;
    },
    /** How many times a page asked for the helper's permission. */
    get helperAsked() {
      return helperAsked;
    },
    /** The pages opened, in order: `options#helper`, `welcome`, `history`. */
    get pagesOpened() {
      return pagesOpened;
    },
    get popupOpened() {
      return popupOpened;
    },
  };
}

export function renderWith(client: SurfaceClient, ui: ComponentChildren) {
  return render(<ClientProvider client={client}>{ui}</ClientProvider>);
}

// The toast's lifecycle: state port with backoff, visibility, shadow host, focus, actions, teardown.
import { buildDriftBanner, buildHeadsUp, type ToastAction } from './toast-dom';
import { contextGone, type ToastPort, type ToastRuntime } from './toast-runtime';
import { pickTier, readToastState, type ToastState } from './toast-state';
import { STATE_PORT } from '../../shared/state-port';
import { TOAST_CSS } from './toast-styles';

export interface ToastOptions {
  getRuntime: () => ToastRuntime | undefined;
  document?: Document;
  /** First reconnect delay; doubles per failed attempt up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface ToastHandle {
  stop(): void;
  readonly stopped: boolean;
}

/** Starts the toast in a page; never throws, and stops itself when the extension context dies. */
export function startToast(options: ToastOptions): ToastHandle {
  const doc = options.document ?? document;
  const { getRuntime } = options;
  const baseRetry = options.retryMs ?? 250;
  const maxRetry = options.maxRetryMs ?? 10_000;

  let stopped = false;
  let port: ToastPort | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let state: ToastState | null = null;
  let answeredEpisode = -1;
  let dismissedLocally: string | null = null;
  let host: HTMLElement | undefined;
  let shadow: ShadowRoot | undefined;
  let shownKey: string | null = null;
  let focusBefore: Element | null = null;

  const unmount = () => {
    if (!host) return;
    const hadFocus = doc.activeElement === host;
    host.remove();
    host = undefined;
    shadow = undefined;
    shownKey = null;
    const back = focusBefore;
    focusBefore = null;
    if (hadFocus && back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(retryTimer);
    doc.removeEventListener('visibilitychange', render);
    unmount();
    try {
      port?.disconnect();
    } catch {
      // The context is already gone: nothing to close.
    }
    port = undefined;
  };

  /** Every browser call goes through here: a dead context tears the UI down instead of throwing. */
  const guard = (error: unknown) => {
    if (contextGone(getRuntime, error)) stop();
  };

  const send = (message: unknown) => {
    try {
      const runtime = getRuntime();
      if (!runtime) return stop();
      runtime.sendMessage(message).catch(guard);
    } catch (error) {
      guard(error);
    }
  };

  const act = (action: ToastAction) => {
    if (!state) return;
    if (action === 'dismiss') {
      dismissedLocally = state.nudge;
      send({ type: 'nudgeDismiss', message: state.nudge });
    } else {
      answeredEpisode = state.episode;
      if (action === 'back') send({ type: 'driftBackToTask' });
      else if (action === 'ontask') send({ type: 'driftOnTask' });
      else if (action === 'end') send({ type: 'endSession' });
      else send({ type: 'driftDismiss', episode: state.episode });
    }
    render();
  };

  function mountHost(): ShadowRoot {
    if (host && shadow) return shadow;
    host = doc.createElement('antidrift-toast');
    shadow = host.attachShadow({ mode: 'open' });
    const style = doc.createElement('style');
    style.textContent = TOAST_CSS;
    shadow.append(style);
    // On <html>, not <body>: pages that replace their body do not take the toast with them.
    doc.documentElement.append(host);
    return shadow;
  }

  function render() {
    if (stopped) return;
    const tier = state && doc.visibilityState !== 'hidden' ? pickTier(state, answeredEpisode, dismissedLocally) : null;
    if (!tier || !state) return unmount();
    if (tier.key === shownKey) return;
    const wasDrift = shownKey?.startsWith('drift:') ?? false;
    if (!wasDrift && tier.tier === 'drift') focusBefore = doc.activeElement;
    if (wasDrift && tier.tier !== 'drift') unmount();
    const root = mountHost();
    root.querySelector('[data-testid="antidrift-toast"]')?.remove();
    const view = tier.tier === 'drift' ? buildDriftBanner(doc, state, act) : buildHeadsUp(doc, state, act);
    root.append(view);
    shownKey = tier.key;
    if (tier.tier === 'drift') view.querySelector('button')?.focus();
  }

  const onMessage = (message: unknown) => {
    attempt = 0;
    const next = readToastState(message);
    if (!next) return;
    // A different message, even one dismissed before, shows again once the push moves on.
    if (dismissedLocally !== null && next.nudge !== dismissedLocally) dismissedLocally = null;
    state = next;
    render();
  };

  const onDisconnect = () => {
    port = undefined;
    try {
      void getRuntime()?.lastError; // Reading it keeps Chromium from logging an unchecked error.
    } catch {
      // Ignored: the check below decides.
    }
    if (stopped) return;
    if (contextGone(getRuntime)) return stop();
    const delay = Math.min(baseRetry * 2 ** attempt, maxRetry);
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  };

  function connect() {
    if (stopped) return;
    if (contextGone(getRuntime)) return stop();
    try {
      const runtime = getRuntime();
      if (!runtime) return stop();
      port = runtime.connect({ name: STATE_PORT });
      port.onMessage.addListener(onMessage);
      port.onDisconnect.addListener(onDisconnect);
    } catch (error) {
      guard(error);
      if (!stopped) onDisconnect();
    }
  }

  doc.addEventListener('visibilitychange', render);
  connect();
  return {
    stop,
    get stopped() {
      return stopped;
    },
  };
}

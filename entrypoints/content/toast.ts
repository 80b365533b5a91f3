// The toast's lifecycle: the state port (ui/connection/reconnecting-port.ts), visibility, shadow host, focus, actions, teardown.
import type { ToastView } from '../../shared/core/controller/surface-view';
import { isToastPush } from '../../shared/messages/guards';
import { connectStatePort, contextGone, type PortRuntime } from '../../ui/connection/reconnecting-port';
import { buildDriftBanner, buildHeadsUp, type ToastAction } from './toast-dom';
import { pickTier, type ToastTier } from './toast-state';
import { TOAST_CSS } from './toast-styles';

export interface ToastOptions {
  getRuntime: () => PortRuntime | undefined;
  document?: Document;
  /** Reconnect delays (tests shorten them): the first, doubling per failed attempt up to the longest. */
  retry?: { firstMs: number; maxMs: number };
  /** A private window's page: Save for later is not offered (its pages are never kept). */
  privateWindow?: boolean;
}

export interface ToastHandle {
  stop(): void;
  readonly stopped: boolean;
}

/** Starts the toast in a page; never throws, and stops itself when the extension context dies. */
export function startToast(options: ToastOptions): ToastHandle {
  const doc = options.document ?? document;
  const { getRuntime } = options;

  let stopped = false;
  let view: ToastView | null = null;
  let shown: ToastTier | null = null;
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

  /** The UI goes; the port is closed by whoever called (the port client itself when the context died). */
  const teardown = () => {
    if (stopped) return;
    stopped = true;
    doc.removeEventListener('visibilitychange', render);
    unmount();
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
    const tier = shown;
    if (!tier) return;
    if (tier.tier === 'nudge') {
      dismissedLocally = tier.nudge.message;
      send({ type: 'nudgeDismiss', message: tier.nudge.message });
    } else {
      const { episode } = tier.banner;
      answeredEpisode = episode;
      if (action === 'back') send({ type: 'driftBackToTask' });
      else if (action === 'save') send({ type: 'driftSaveForLater' });
      else if (action === 'ontask') send({ type: 'driftOnTask' });
      else if (action === 'end') send({ type: 'endSession' });
      else send({ type: 'driftDismiss', episode });
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
    const tier = view && doc.visibilityState !== 'hidden' ? pickTier(view, answeredEpisode, dismissedLocally) : null;
    shown = tier;
    if (!tier) return unmount();
    if (tier.key === shownKey) return;
    const wasDrift = shownKey?.startsWith('drift:') ?? false;
    if (!wasDrift && tier.tier === 'drift') focusBefore = doc.activeElement;
    if (wasDrift && tier.tier !== 'drift') unmount();
    const root = mountHost();
    root.querySelector('[data-testid="antidrift-toast"]')?.remove();
    const element =
      tier.tier === 'drift' ? buildDriftBanner(doc, tier.banner, act, !options.privateWindow) : buildHeadsUp(doc, tier.nudge, act);
    root.append(element);
    shownKey = tier.key;
    if (tier.tier === 'drift') element.querySelector('button')?.focus();
  }

  const onMessage = (message: unknown) => {
    if (!isToastPush(message)) return;
    const next = message.view;
    // A different message, even one dismissed before, shows again once the push moves on.
    if (dismissedLocally !== null && next.nudge?.message !== dismissedLocally) dismissedLocally = null;
    view = next;
    render();
  };

  doc.addEventListener('visibilitychange', render);
  const client = connectStatePort({ getRuntime, onMessage, onGone: teardown, ...(options.retry ? { retry: options.retry } : {}) });
  function stop(): void {
    teardown();
    client.stop();
  }
  return {
    stop,
    get stopped() {
      return stopped;
    },
  };
}

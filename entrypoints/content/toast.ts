// The in-page surfaces' host: a closed shadow root holding a frame of the extension's origin (ui/in-page/), shown while the
// background says a tier stands, brought back if the page removes it (within bounds), and counting what the page fakes at it.
import type { ToastView } from '../../shared/core/controller/surface-view';
import { isToastPush } from '../../shared/messages/guards';
import { connectStatePort, contextGone, type PortRuntime } from '../../ui/connection/reconnecting-port';

export interface ToastOptions {
  getRuntime: () => PortRuntime | undefined;
  /** The frame's address (runtime.getURL of in-page.html: Chrome's per-session address, so no page can guess it). */
  frameUrl: string;
  document?: Document;
  /** Reconnect delays (tests shorten them): the first, doubling per failed attempt up to the longest. */
  retry?: { firstMs: number; maxMs: number };
}

export interface ToastHandle {
  stop(): void;
  readonly stopped: boolean;
}

/** How often a page may take the banner away and see it come back, per minute: past it, it stays away (and diagnostics say so). */
export const MAX_RETURNS_PER_MINUTE = 10;
/** The frame's widest: the banner's 360 px and the room for its shadow (ui/in-page/banner-frame.ts). */
const FRAME_WIDTH_PX = 392;
/** Events a person makes at a banner; the same events from a script are counted. */
const FAKEABLE = ['click', 'mousedown', 'pointerdown', 'keydown', 'keyup', 'focus'];

const HOST_CSS =
  ':host{all:initial!important;display:block!important;position:fixed!important;right:0!important;bottom:0!important;' +
  'z-index:2147483647!important;visibility:visible!important;opacity:1!important;transform:none!important;margin:0!important}' +
  // The frame's own colour scheme, as the page inside it has: else Chrome paints it opaque.
  `iframe{display:block;border:0;width:min(${FRAME_WIDTH_PX}px,100vw);height:0;background:transparent;color-scheme:light dark}`;

/** What the person should see: a banner not yet answered, or a heads-up; the frame keeps who answered what. */
function tierKey(view: ToastView | null): string | null {
  if (!view) return null;
  if (view.banner) return `drift:${view.banner.episode}`;
  return view.nudge ? `nudge:${view.nudge.message}` : null;
}

/** Starts the host in a page; never throws, and stops itself when the extension context dies. */
export function startToast(options: ToastOptions): ToastHandle {
  const doc = options.document ?? document;
  const { getRuntime } = options;

  let stopped = false;
  let view: ToastView | null = null;
  let host: HTMLElement | undefined;
  let frame: HTMLIFrameElement | undefined;
  let shownKey: string | null = null;
  let focusBefore: Element | null = null;
  let returns: number[] = [];
  /** The tier the page kept removing: it stays away until another stands (a new drift, a heads-up, none). */
  let gaveUpOn: string | null = null;
  let faked = 0;
  let reportTimer: ReturnType<typeof setTimeout> | undefined;

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

  /** A page's fake click, key or focus at the banner: it does nothing; the count goes to diagnostics, at most once a second. */
  const counted = (event: Event) => {
    if (event.isTrusted) return;
    faked++;
    reportTimer ??= setTimeout(() => {
      send({ type: 'surfaceEventsIgnored', count: faked, surface: 'page' });
      faked = 0;
      reportTimer = undefined;
    }, 1_000);
  };

  /**
   * The frame tells its height over a channel of its own, handed to it with a secret in its address: a message to the
   * page's window would tell the page's scripts the extension's origin (a fixed ID on Firefox), and the page could post
   * the same shape. The page cannot read the frame's address (it is in a closed root) nor the channel.
   */
  const connectFrame = (target: HTMLIFrameElement, secret: string) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent) => {
      const height = (event.data as { height?: unknown } | null)?.height;
      if (typeof height === 'number' && height >= 0 && height < 4_000) target.style.height = `${height}px`;
    };
    target.contentWindow?.postMessage({ antidriftChannel: secret }, '*', [channel.port2]);
  };

  function mount(): void {
    host = doc.createElement('antidrift-toast');
    // Closed: no script of the page gets at what is inside, not even the frame element.
    const root = host.attachShadow({ mode: 'closed' });
    const style = doc.createElement('style');
    style.textContent = HOST_CSS;
    // getRandomValues, not randomUUID: an http: page is no secure context, and randomUUID is missing there.
    const secret = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    const target = (frame = doc.createElement('iframe'));
    target.src = `${options.frameUrl}#${secret}`;
    target.addEventListener('load', () => connectFrame(target, secret));
    frame.title = 'antidrift';
    root.append(style, frame);
    for (const type of FAKEABLE) host.addEventListener(type, counted, true);
    // On <html>, not <body>: pages that replace their body do not take the banner with them.
    doc.documentElement.append(host);
  }

  const unmount = () => {
    if (!host) return;
    const hadFocus = doc.activeElement === host;
    host.remove();
    host = undefined;
    frame = undefined;
    shownKey = null;
    const back = focusBefore;
    focusBefore = null;
    if (hadFocus && back instanceof HTMLElement && back.isConnected) back.focus();
  };

  function render(): void {
    if (stopped) return;
    const key = doc.visibilityState === 'hidden' ? null : tierKey(view);
    if (tierKey(view) !== gaveUpOn) gaveUpOn = null;
    if (!key || key === gaveUpOn) return unmount();
    if (key === shownKey && host?.isConnected) return;
    const newDrift = key.startsWith('drift:') && !shownKey?.startsWith('drift:');
    if (newDrift) focusBefore = doc.activeElement;
    if (!host) mount();
    else if (!host.isConnected) doc.documentElement.append(host);
    shownKey = key;
    // The person's attention goes to the banner (its first button, inside the frame), as an alert dialog's would.
    if (newDrift) frame?.focus();
  }

  /** The page took the banner away while it stands: it comes back, at most MAX_RETURNS_PER_MINUTE times a minute. */
  const removals = new MutationObserver(() => {
    if (stopped || !host || host.isConnected || !tierKey(view)) return;
    const now = Date.now();
    returns = returns.filter((t) => now - t < 60_000);
    if (returns.length >= MAX_RETURNS_PER_MINUTE) {
      send({ type: 'surfaceEventsIgnored', count: 1, surface: 'removed' });
      gaveUpOn = tierKey(view);
      unmount();
      return;
    }
    returns.push(now);
    doc.documentElement.append(host);
  });

  const teardown = () => {
    if (stopped) return;
    stopped = true;
    removals.disconnect();
    clearTimeout(reportTimer);
    doc.removeEventListener('visibilitychange', render);
    unmount();
  };

  const onMessage = (message: unknown) => {
    if (!isToastPush(message)) return;
    view = message.view;
    render();
  };

  doc.addEventListener('visibilitychange', render);
  removals.observe(doc.documentElement, { childList: true });
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

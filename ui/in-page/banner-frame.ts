// The in-page surfaces inside their extension-origin frame: what the background says to show, answered by the person only.
// The frame is another origin than the page around it, so the page's scripts can neither read it nor reach into it.
import type { ToastView } from '../../shared/core/controller/surface-view';
import { toastView } from '../../shared/core/controller/toast-slice';
import type { StatePush } from '../../shared/messages/pushes';
import { buildDriftBanner, buildHeadsUp, type ToastAction } from './banner-dom';
import { TOAST_CSS } from './banner-styles';
import { pickTier, type ToastTier } from './banner-tier';

/** What the frame needs of the extension: the state, a way to answer, and a way to tell the page its size. */
export interface BannerFrameDeps {
  doc: Document;
  subscribe(onState: (push: StatePush) => void): () => void;
  send(message: Record<string, unknown>): void;
  /** The frame's height (0 when it shows nothing), for the content script that sizes the frame; its width is the page's to set. */
  resize(height: number): void;
  /** A private window: Save for later is not offered (its pages are never kept). */
  privateWindow: boolean;
}

/** Space around the banner inside the frame, for its shadow (banner-styles.ts pads the frame's body by as much). */
export const MARGIN_PX = 16;

/** Starts the surfaces in the frame's document; returns a stop. */
export function startBannerFrame(deps: BannerFrameDeps): () => void {
  const { doc } = deps;
  const style = doc.createElement('style');
  style.textContent = TOAST_CSS;
  doc.head.append(style);
  const mount = doc.createElement('div');
  mount.className = 'frame';
  doc.body.append(mount);

  let view: ToastView | null = null;
  let answeredEpisode = -1;
  let dismissedLocally: string | null = null;
  let shownKey: string | null = null;
  let ignored = 0;
  let reportTimer: ReturnType<typeof setTimeout> | undefined;

  /** Events no person made, said to the background at most once a second (a page may fire thousands). */
  const untrusted = (): void => {
    ignored++;
    reportTimer ??= setTimeout(() => {
      deps.send({ type: 'surfaceEventsIgnored', count: ignored, surface: 'frame' });
      ignored = 0;
      reportTimer = undefined;
    }, 1_000);
  };

  const measure = (): void => {
    const box = mount.firstElementChild?.getBoundingClientRect();
    deps.resize(box ? Math.ceil(box.height + 2 * MARGIN_PX) : 0);
  };
  const sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;

  const act = (action: ToastAction): void => {
    const tier = pickTier(view ?? { banner: null, nudge: null }, answeredEpisode, dismissedLocally);
    if (!tier) return;
    if (tier.tier === 'nudge') {
      dismissedLocally = tier.nudge.message;
      deps.send({ type: 'nudgeDismiss', message: tier.nudge.message });
    } else {
      const { episode } = tier.banner;
      answeredEpisode = episode;
      const type = { back: 'driftBackToTask', save: 'driftSaveForLater', ontask: 'driftOnTask', end: 'endSession' }[action as string];
      deps.send(type ? { type } : { type: 'driftDismiss', episode });
    }
    render();
  };

  function render(): void {
    const tier: ToastTier | null = view ? pickTier(view, answeredEpisode, dismissedLocally) : null;
    if (tier?.key === shownKey) return;
    shownKey = tier?.key ?? null;
    mount.replaceChildren();
    if (!tier) return measure();
    const handlers = { act, untrusted };
    const element =
      tier.tier === 'drift' ? buildDriftBanner(doc, tier.banner, handlers, !deps.privateWindow) : buildHeadsUp(doc, tier.nudge, handlers);
    mount.append(element);
    sizes?.observe(element);
    measure();
    if (tier.tier === 'drift') element.querySelector('button')?.focus();
  }

  const stop = deps.subscribe((push) => {
    const next = toastView(push.view);
    // A different message, even one dismissed before, shows again once the push moves on.
    if (dismissedLocally !== null && next.nudge?.message !== dismissedLocally) dismissedLocally = null;
    view = next;
    render();
  });
  return () => {
    stop();
    sizes?.disconnect();
    clearTimeout(reportTimer);
  };
}

// What a web page's toast is sent of the state: only what it shows, never titles, lists or host details.
import type { StatePush } from '../../shared/messages';

/**
 * The toast runs inside every site's renderer, so it gets the fields `readToastState` reads and
 * nothing else: not the current window title (another app's, perhaps), the lists or the host status.
 */
export function toastSlice(push: StatePush) {
  const { view } = push;
  const { status, episode, bannerDismissed, reason, nudge } = view.drift;
  return {
    type: 'state' as const,
    now: push.now,
    dismissedNudge: push.dismissedNudge,
    view: {
      runtime: view.runtime,
      drift: { status, episode, bannerDismissed, ...(reason ? { reason } : {}), ...(nudge ? { nudge } : {}) },
      ...(view.session ? { session: { commitment: { nextAction: view.session.commitment.nextAction } } } : {}),
    },
  };
}

export type ToastSlice = ReturnType<typeof toastSlice>;

// The slice of the surfaces' view that the in-page surfaces are told: only what they show (zod-free: the in-page frame loads it).
import type { SurfaceView, ToastView } from './surface-view';

/** What a web page's tab is shown: an unanswered banner (with the task it names) and the heads-up; nothing else of the view. */
export function toastView(view: SurfaceView): ToastView {
  const { banner, nudge, session } = view;
  return {
    banner:
      banner && !banner.answered
        ? {
            episode: banner.episode,
            reason: banner.reason,
            task: session?.commitment.nextAction ?? '',
            onTaskFrom: banner.onTaskFrom,
            onTaskAllows: banner.onTaskAllows,
            strict: session?.strict ?? false,
          }
        : null,
    nudge,
  };
}

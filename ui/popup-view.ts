// Which of its views the popup shows for a state: one name per view, for the page and for the state gallery.
import type { SurfaceView } from '../shared/core/controller/surface-view';

/**
 * The popup's views once the first state has arrived (before it, a skeleton of the same height). The
 * state gallery (tests/e2e/gallery) renders each: a new one fails the typecheck until it has an entry.
 */
export const POPUP_VIEWS = ['idle', 'active', 'drifting', 'heads-up', 'paused', 'break', 'away', 'review'] as const;
export type PopupView = (typeof POPUP_VIEWS)[number];

export function popupViewOf(view: SurfaceView, pendingReview: boolean): PopupView {
  if (view.phase === 'idle') return pendingReview ? 'review' : 'idle';
  if (view.phase === 'paused') return 'paused';
  // A break outranks away: being away is what a break is for.
  if (view.rhythm?.phase === 'break') return 'break';
  if (view.away) return 'away';
  if (view.banner) return 'drifting';
  if (view.nudge) return 'heads-up';
  return 'active';
}

/**
 * A strict session's wait to end early or pause: a moment, not a state of the session (closing the popup
 * abandons it), so it is outside POPUP_VIEWS: the gallery captures it once, not in every setup state.
 */
export type PopupMoment = 'wait';

/** What `data-view` on the popup says: the view, or the wait shown in its place. */
export function popupShownView(view: SurfaceView, pendingReview: boolean): PopupView | PopupMoment {
  return view.phase !== 'idle' && view.session?.wait ? 'wait' : popupViewOf(view, pendingReview);
}

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

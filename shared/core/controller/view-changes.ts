// What a newly published view changes for each surface, decided once: the badge's fields to write and the content scripts' slice.
import { badgeFor, type Badge } from '../badge';
import type { SurfaceView, ToastView } from './surface-view';
import { toastView } from './toast-slice';

export interface ViewChanges {
  /** The whole badge of the new view (a failed write paints all of it again). */
  readonly badge: Badge;
  /** The badge fields that differ from the last view's: the only browser calls to make. */
  readonly badgeWrites: Partial<Badge>;
  /** The content scripts' slice when it differs, else null: every push wakes every tab's toast, and most changes are not theirs. */
  readonly toast: ToastView | null;
}

/** `previous` is the view published before, null in a new worker (everything is new then). */
export function viewChanges(previous: SurfaceView | null, next: SurfaceView): ViewChanges {
  const badge = badgeFor(next);
  const last = previous && badgeFor(previous);
  const badgeWrites: Partial<Badge> = {};
  for (const field of ['text', 'color', 'title'] as const) if (last?.[field] !== badge[field]) badgeWrites[field] = badge[field];
  const toast = toastView(next);
  const toastChanged = previous === null || JSON.stringify(toast) !== JSON.stringify(toastView(previous));
  return { badge, badgeWrites, toast: toastChanged ? toast : null };
}

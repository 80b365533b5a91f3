// Paints the toolbar badge from the state view, touching the browser only for what differs from the last view.
import { browser } from 'wxt/browser';
import { badgeFor, type Badge } from '../shared/core/badge';
import type { SurfaceView } from '../shared/core/controller';

async function paint(badge: Badge, last: Badge | null): Promise<void> {
  const writes: Promise<unknown>[] = [];
  if (last?.text !== badge.text) writes.push(browser.action.setBadgeText({ text: badge.text }));
  if (last?.color !== badge.color) writes.push(browser.action.setBadgeBackgroundColor({ color: badge.color }));
  if (last?.title !== badge.title) writes.push(browser.action.setTitle({ title: badge.title }));
  await Promise.all(writes);
}

/** `previous` is the view the shell published last (null in a new worker: everything is painted). */
export async function paintBadge(view: SurfaceView, previous: SurfaceView | null): Promise<void> {
  const badge = badgeFor(view);
  try {
    await paint(badge, previous && badgeFor(previous));
  } catch {
    // A half-done update would leave the badge wrong until the next change: paint all of it once more.
    await paint(badge, null).catch((error: unknown) => console.warn('[antidrift] badge update failed', error));
  }
}

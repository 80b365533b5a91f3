// Paints the toolbar badge from the state view, touching the browser only when something changed.
import { browser } from 'wxt/browser';
import { badgeFor, type Badge } from '../shared/core/badge';
import type { SurfaceView } from '../shared/core/controller';

let painted: Badge | null = null;

export async function paintBadge(view: SurfaceView): Promise<void> {
  const badge = badgeFor(view);
  const last = painted;
  painted = badge;
  try {
    const writes: Promise<unknown>[] = [];
    if (last?.text !== badge.text) writes.push(browser.action.setBadgeText({ text: badge.text }));
    if (last?.color !== badge.color) writes.push(browser.action.setBadgeBackgroundColor({ color: badge.color }));
    if (last?.title !== badge.title) writes.push(browser.action.setTitle({ title: badge.title }));
    await Promise.all(writes);
  } catch (error) {
    painted = null; // repaint everything next time
    console.warn('[antidrift] badge update failed', error);
  }
}

/** For tests and after a service-worker restart: forget what was painted. */
export function resetBadgeMemory(): void {
  painted = null;
}

// Paints the toolbar badge (the shared one, or a tab's own): only the fields found changed, so an unchanged badge costs no browser call.
import { browser } from 'wxt/browser';
import type { Badge } from '../shared/core/badge';
import type { ViewChanges } from '../shared/core/controller';

/** Writes the given fields: the shared badge, or with `tabId` that tab's own (shown while it is in front). */
export async function paint(fields: Partial<Badge>, tabId?: number): Promise<void> {
  const to = tabId === undefined ? {} : { tabId };
  const writes: Promise<unknown>[] = [];
  if (fields.text !== undefined) writes.push(browser.action.setBadgeText({ ...to, text: fields.text }));
  if (fields.color !== undefined) writes.push(browser.action.setBadgeBackgroundColor({ ...to, color: fields.color }));
  if (fields.title !== undefined) writes.push(browser.action.setTitle({ ...to, title: fields.title }));
  await Promise.all(writes);
}

export async function paintBadge(changes: Pick<ViewChanges, 'badge' | 'badgeWrites'>): Promise<void> {
  try {
    await paint(changes.badgeWrites);
  } catch {
    // A half-done update would leave the badge wrong until the next change: paint all of it once more.
    await paint(changes.badge).catch((error: unknown) => console.warn('[antidrift] badge update failed', error));
  }
}

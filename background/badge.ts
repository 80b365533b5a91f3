// Paints the toolbar badge: only the fields the shell found changed, so an unchanged badge costs no browser call.
import { browser } from 'wxt/browser';
import type { Badge } from '../shared/core/badge';
import type { ViewChanges } from '../shared/core/controller';

async function paint(fields: Partial<Badge>): Promise<void> {
  const writes: Promise<unknown>[] = [];
  if (fields.text !== undefined) writes.push(browser.action.setBadgeText({ text: fields.text }));
  if (fields.color !== undefined) writes.push(browser.action.setBadgeBackgroundColor({ color: fields.color }));
  if (fields.title !== undefined) writes.push(browser.action.setTitle({ title: fields.title }));
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

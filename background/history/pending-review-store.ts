// The review an ended session waits for, kept in storage.local: a popup opened after a restart still asks it.
import { browser } from 'wxt/browser';
import { PendingReview } from '../../shared/history/history-records';
import { keepAside, parseOr } from '../store';
import { KEYS } from '../stored-state-read';

export async function loadPendingReview(): Promise<{ review: PendingReview | null; warning?: string }> {
  const raw = (await browser.storage.local.get(KEYS.pendingReview))[KEYS.pendingReview];
  const warnings: string[] = [];
  const review = parseOr(PendingReview, raw, 'pending review', warnings);
  if (review === null && raw != null) warnings.push(`${warnings.pop() ?? ''}; it is kept as ${await keepAside(KEYS.pendingReview, raw)}`);
  return warnings[0] ? { review, warning: warnings[0] } : { review };
}

export async function savePendingReview(review: PendingReview | null): Promise<void> {
  await browser.storage.local.set({ [KEYS.pendingReview]: review });
}

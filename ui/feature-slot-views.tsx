// The features' slots as a surface renders them: each feature's part of the popup's idle view, and of the History page.
import { FEATURE_SLOTS } from './feature-slots';

/** Every feature's line under the popup's start form. */
export function PopupIdleSlots() {
  return <>{FEATURE_SLOTS.map((slots) => (slots.PopupIdle ? <slots.PopupIdle key={slots.name} /> : null))}</>;
}

/** Every feature's card beside the History page's totals. */
export function HistoryCardSlots() {
  return <>{FEATURE_SLOTS.map((slots) => (slots.HistoryCard ? <slots.HistoryCard key={slots.name} /> : null))}</>;
}

// What each kind of history segment is called, and the legend's order (the History page and the popup's band).
import type { SegmentKind } from '../shared/history/history-records';

export const KIND_WORDS: Record<SegmentKind, string> = {
  ontask: 'on task',
  drifting: 'drifting',
  away: 'away',
  paused: 'paused',
  unsure: 'not sure',
  break: 'break',
};

/** The legend's order: the two that matter most first. */
export const KIND_ORDER: readonly SegmentKind[] = ['ontask', 'drifting', 'break', 'away', 'paused', 'unsure'];

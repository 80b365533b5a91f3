// A session's band: touching segments of one kind merged (the popup loads this without the History page's aggregation).
import type { HistorySegment, SegmentKind } from './history-records';

/** A run of same-kind segments back to back: one rect and one tab stop on a timeline band. */
export interface Band {
  kind: SegmentKind;
  start: number;
  end: number;
  /** Distinct places in order of first visit ('' left out). */
  places: string[];
}

/**
 * Merges touching segments of one kind (a gap up to `joinMs` counts as touching): a session that
 * moves between allowed sites is one on-task stretch, not a hundred slivers to tab through.
 */
export function bandsOf(segments: readonly HistorySegment[], joinMs = 1_000): Band[] {
  const out: Band[] = [];
  for (const seg of segments) {
    const last = out[out.length - 1];
    if (last && last.kind === seg.kind && seg.start - last.end <= joinMs && seg.start >= last.start) {
      last.end = Math.max(last.end, seg.end);
      if (seg.place && !last.places.includes(seg.place)) last.places.push(seg.place);
    } else out.push({ kind: seg.kind, start: seg.start, end: seg.end, places: seg.place ? [seg.place] : [] });
  }
  return out;
}

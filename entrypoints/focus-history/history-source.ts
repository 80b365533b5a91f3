// Where the History page gets its records (HistoryDb, or a fake in tests) and the hook that loads and summarises one range.
import { useEffect, useState } from 'preact/hooks';
import { summarize, withRunningEnds, type Calendar, type HistorySummary } from '../../shared/history/aggregate';
import { RUNNING_FRESH_MS } from '../../shared/history/history-limits';
import type { HistoryBlock, HistoryExport } from '../../shared/history/history-records';
import type { HistoryRange, ImportResult } from '../../storage/history-db';
import { errorText } from '../../shared/util/error-text';

/** What the page needs of the history store; HistoryDb satisfies it. */
export interface HistorySource {
  range(from: number, to: number): Promise<HistoryRange>;
  span(): Promise<{ first: number; last: number } | null>;
  /** Ended sessions that started in [from, to): what deleteSessions would delete. */
  countEndedSessions(from: number, to: number): Promise<number>;
  deleteSessions(from: number, to: number): Promise<number>;
  exportAll(at: number): Promise<HistoryExport>;
  importMerge(file: HistoryExport): Promise<ImportResult>;
}

export type HistoryLoad =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | {
      status: 'ready';
      summary: HistorySummary;
      /** No session at all, in any range: the empty state. */
      empty: boolean;
      span: { first: number; last: number } | null;
      /** Scheduled blocks of the range that were missed or skipped, oldest first. */
      unstartedBlocks: HistoryBlock[];
      /** Stored records that failed validation and were left out. */
      invalid: number;
      /** The time the range was read: running sessions end here. */
      at: number;
      /** A newer load is under way (the old numbers stay up meanwhile). */
      stale: boolean;
      /** The range these numbers are of (a newer choice may not be read yet). */
      from: number;
      to: number;
    };

/**
 * Reads only [from, to) and summarises it in one linear pass; `version` forces a reload after a
 * delete or an import. An older load that finishes late is dropped.
 */
export function useHistory(
  source: HistorySource,
  from: number,
  to: number,
  now: () => number,
  calendar: Calendar,
  version: number,
): HistoryLoad {
  const [load, setLoad] = useState<HistoryLoad>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setLoad((prev) => (prev.status === 'ready' ? { ...prev, stale: true } : { status: 'loading' }));
    void (async () => {
      try {
        const [range, span] = await Promise.all([source.range(from, to), source.span()]);
        const at = now();
        const summary = summarize(withRunningEnds(range, at, RUNNING_FRESH_MS), from, to, calendar);
        const unstartedBlocks = (range.blocks ?? []).filter((b) => b.outcome !== 'started').sort((a, b) => a.start - b.start);
        if (current)
          setLoad({
            status: 'ready',
            summary,
            empty: span === null,
            span,
            unstartedBlocks,
            invalid: range.invalid,
            at,
            stale: false,
            from,
            to,
          });
      } catch (error) {
        if (current) setLoad({ status: 'error', error: errorText(error) });
      }
    })();
    return () => {
      current = false;
    };
  }, [source, from, to, now, calendar, version]);
  return load;
}

// History in IndexedDB (idb): versioned schema, puts from the recorder, range reads validated with zod, delete, import, prune.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { z } from 'zod';
import {
  HISTORY_EXPORT_VERSION,
  HistoryBlock,
  HistoryMark,
  HistorySegment,
  HistorySession,
  SessionReview,
  type HistoryExport,
  type HistoryWrite,
} from '../shared/history/history-records';

export const HISTORY_DB_NAME = 'antidrift-history';
/** Bump with a new step in `upgrade`: each step takes the schema one version further. */
export const HISTORY_DB_VERSION = 2;

/** Longest a segment or session may reach back before a range and still overlap it (sessions are capped by use, not by code). */
const REACH_BACK_MS = 3 * 24 * 60 * 60_000;

interface HistorySchema extends DBSchema {
  sessions: { key: string; value: HistorySession; indexes: { startedAt: number } };
  segments: { key: string; value: HistorySegment; indexes: { session: string; start: number } };
  marks: { key: string; value: HistoryMark; indexes: { session: string; at: number } };
  reviews: { key: string; value: SessionReview };
  blocks: { key: string; value: HistoryBlock; indexes: { start: number } };
}

type StoreName = 'sessions' | 'segments' | 'marks' | 'reviews' | 'blocks';
const STORES: readonly StoreName[] = ['sessions', 'segments', 'marks', 'reviews', 'blocks'];

export interface HistoryRange {
  sessions: HistorySession[];
  segments: HistorySegment[];
  marks: HistoryMark[];
  reviews: Map<string, SessionReview>;
  /** Scheduled blocks that started in the range, with what became of them. */
  blocks: HistoryBlock[];
  /** Records that failed validation and were left out (they stay stored; diagnostics say so). */
  invalid: number;
}

export interface ImportResult {
  added: number;
  skipped: number;
}

/** Keeps what parses; counts what does not. Stored data is untrusted input like any other. */
function validated<T>(schema: z.ZodType<T>, raw: readonly unknown[], counter: { invalid: number }): T[] {
  const out: T[] = [];
  for (const item of raw) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else counter.invalid++;
  }
  return out;
}

export class HistoryDb {
  private constructor(private readonly db: IDBPDatabase<HistorySchema>) {}

  static async open(name = HISTORY_DB_NAME): Promise<HistoryDb> {
    const db = await openDB<HistorySchema>(name, HISTORY_DB_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore('sessions', { keyPath: 'key' }).createIndex('startedAt', 'startedAt');
          const segments = database.createObjectStore('segments', { keyPath: 'key' });
          segments.createIndex('session', 'session');
          segments.createIndex('start', 'start');
          const marks = database.createObjectStore('marks', { keyPath: 'key' });
          marks.createIndex('session', 'session');
          marks.createIndex('at', 'at');
          database.createObjectStore('reviews', { keyPath: 'key' });
        }
        if (oldVersion < 2) {
          database.createObjectStore('blocks', { keyPath: 'key' }).createIndex('start', 'start');
        }
      },
      // Another context (the History page, an update) opened a newer version: give way rather than block it.
      blocking() {
        db.close();
      },
    });
    return new HistoryDb(db);
  }

  close(): void {
    this.db.close();
  }

  /** Applies the recorder's writes in one transaction: all of them or none. */
  async put(writes: readonly HistoryWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const names = [...new Set(writes.map((w) => w.store))];
    const tx = this.db.transaction(names, 'readwrite');
    for (const w of writes) void tx.objectStore(w.store).put(w.record as never);
    await tx.done;
  }

  async session(key: string): Promise<HistorySession | null> {
    const parsed = HistorySession.safeParse(await this.db.get('sessions', key));
    return parsed.success ? parsed.data : null;
  }

  /** A session's segments, oldest first: where the recorder picks up after the service worker restarts. */
  async segmentsOf(session: string): Promise<HistorySegment[]> {
    const all = validated(HistorySegment, await this.db.getAllFromIndex('segments', 'session', session), { invalid: 0 });
    return all.sort((a, b) => a.start - b.start);
  }

  /** The newest `count` sessions, newest first (unreadable ones left out). */
  async newestSessions(count: number): Promise<HistorySession[]> {
    const recent: unknown[] = [];
    let cursor = await this.db.transaction('sessions').store.index('startedAt').openCursor(null, 'prev');
    for (let n = 0; cursor && n < count; n++, cursor = await cursor.continue()) recent.push(cursor.value);
    return validated(HistorySession, recent, { invalid: 0 });
  }

  /** Sessions still marked running (the recorder closes those it no longer owns). */
  async unendedSessions(): Promise<HistorySession[]> {
    // Only the newest few can still be running: older ones were closed when they ended.
    return (await this.newestSessions(20)).filter((s) => s.endedAt === null);
  }

  /** Everything that overlaps [from, to). */
  async range(from: number, to: number): Promise<HistoryRange> {
    const counter = { invalid: 0 };
    const tx = this.db.transaction(STORES, 'readonly');
    const lower = Math.max(0, from - REACH_BACK_MS);
    const [rawSessions, rawSegments, rawMarks, rawBlocks] = await Promise.all([
      tx
        .objectStore('sessions')
        .index('startedAt')
        .getAll(IDBKeyRange.bound(lower, to, false, true)),
      tx
        .objectStore('segments')
        .index('start')
        .getAll(IDBKeyRange.bound(from, to, false, true)),
      tx
        .objectStore('marks')
        .index('at')
        .getAll(IDBKeyRange.bound(from, to, false, true)),
      tx
        .objectStore('blocks')
        .index('start')
        .getAll(IDBKeyRange.bound(from, to, false, true)),
    ]);
    const sessions = validated(HistorySession, rawSessions, counter).filter((s) => (s.endedAt ?? s.lastSeenAt) >= from);
    // Segments that began before `from` and reach into it belong to the few sessions that did: read those
    // sessions' segments, not days of segments by start time (a "today" view would read three days).
    const segmentsBySession = tx.objectStore('segments').index('session');
    const earlier = sessions.filter((s) => s.startedAt < from);
    const rawEarlier = (await Promise.all(earlier.map((s) => segmentsBySession.getAll(IDBKeyRange.only(s.key))))).flat();
    const reaching = rawEarlier.filter((s) => typeof s?.start === 'number' && s.start < from && s.end > from);
    const segments = validated(HistorySegment, [...reaching, ...rawSegments], counter);
    const marks = validated(HistoryMark, rawMarks, counter);
    const reviews = new Map<string, SessionReview>();
    const store = tx.objectStore('reviews');
    const rawReviews = await Promise.all(sessions.map((s) => store.get(s.key)));
    for (const review of validated(SessionReview, rawReviews.filter(Boolean), counter)) reviews.set(review.key, review);
    const blocks = validated(HistoryBlock, rawBlocks, counter);
    await tx.done;
    return { sessions, segments, marks, reviews, blocks, invalid: counter.invalid };
  }

  /** The first and last session start, for the range picker; null when history is empty. */
  async span(): Promise<{ first: number; last: number } | null> {
    const index = this.db.transaction('sessions').store.index('startedAt');
    const [first, last] = await Promise.all([index.openCursor(null, 'next'), index.openCursor(null, 'prev')]);
    return first && last ? { first: first.value.startedAt, last: last.value.startedAt } : null;
  }

  /** What became of a scheduled block (a put by key: recording the same occurrence again changes nothing new). */
  async saveBlock(block: HistoryBlock): Promise<void> {
    await this.db.put('blocks', HistoryBlock.parse(block));
  }

  async saveReview(review: SessionReview): Promise<void> {
    await this.db.put('reviews', SessionReview.parse(review));
  }

  /**
   * Deletes the ended sessions that started in [from, to), with their segments, marks and reviews,
   * and the scheduled blocks that started then. A running session is kept: its recorder would write it again.
   */
  async deleteSessions(from: number, to: number): Promise<number> {
    const tx = this.db.transaction(STORES, 'readwrite');
    const sessions = tx.objectStore('sessions');
    let deleted = 0;
    let cursor = await sessions.index('startedAt').openCursor(IDBKeyRange.bound(from, to, false, true));
    const keys: string[] = [];
    for (; cursor; cursor = await cursor.continue()) {
      if ((cursor.value as { endedAt?: unknown }).endedAt === null) continue;
      keys.push(cursor.primaryKey);
      void cursor.delete();
      deleted++;
    }
    let block = await tx
      .objectStore('blocks')
      .index('start')
      .openKeyCursor(IDBKeyRange.bound(from, to, false, true));
    for (; block; block = await block.continue()) void tx.objectStore('blocks').delete(block.primaryKey);
    for (const key of keys) {
      void tx.objectStore('reviews').delete(key);
      for (const name of ['segments', 'marks'] as const) {
        let c = await tx.objectStore(name).index('session').openKeyCursor(IDBKeyRange.only(key));
        for (; c; c = await c.continue()) void tx.objectStore(name).delete(c.primaryKey);
      }
    }
    await tx.done;
    return deleted;
  }

  /** How many sessions `deleteSessions(from, to)` would delete: the count a confirmation shows. */
  async countEndedSessions(from: number, to: number): Promise<number> {
    let count = 0;
    let cursor = await this.db
      .transaction('sessions')
      .store.index('startedAt')
      .openCursor(IDBKeyRange.bound(from, to, false, true));
    for (; cursor; cursor = await cursor.continue()) if ((cursor.value as { endedAt?: unknown }).endedAt !== null) count++;
    return count;
  }

  /** Retention: ended sessions that started before `cutoff` go. */
  async pruneBefore(cutoff: number): Promise<number> {
    return this.deleteSessions(0, cutoff);
  }

  async exportAll(exportedAt: number): Promise<HistoryExport> {
    const counter = { invalid: 0 };
    const tx = this.db.transaction(STORES, 'readonly');
    const [sessions, segments, marks, reviews, blocks] = await Promise.all(STORES.map((name) => tx.objectStore(name).getAll()));
    await tx.done;
    return {
      format: 'antidrift-history',
      version: HISTORY_EXPORT_VERSION,
      exportedAt,
      sessions: validated(HistorySession, sessions!, counter),
      segments: validated(HistorySegment, segments!, counter),
      marks: validated(HistoryMark, marks!, counter),
      reviews: validated(SessionReview, reviews!, counter),
      blocks: validated(HistoryBlock, blocks!, counter),
    };
  }

  /** Merges a validated export: records whose key is already here are kept as they are (no duplicates). */
  async importMerge(file: HistoryExport): Promise<ImportResult> {
    const tx = this.db.transaction(STORES, 'readwrite');
    let added = 0;
    let skipped = 0;
    const groups: Array<[StoreName, ReadonlyArray<{ key: string }>]> = [
      ['sessions', file.sessions],
      ['segments', file.segments],
      ['marks', file.marks],
      ['reviews', file.reviews],
      ['blocks', file.blocks],
    ];
    for (const [name, records] of groups) {
      const store = tx.objectStore(name);
      const existing = new Set<string>((await store.getAllKeys()) as string[]);
      for (const record of records) {
        if (existing.has(record.key)) {
          skipped++;
          continue;
        }
        existing.add(record.key);
        void store.put(record as never);
        added++;
      }
    }
    await tx.done;
    return { added, skipped };
  }
}

// The recorder's shell: runs the pure recorder after every transition, writes to IndexedDB in order, heartbeats, reviews.
import { eventTime, type ControllerEvent, type ControllerState } from '../../shared/core/controller';
import {
  EMPTY_RECORDER,
  progressOf,
  recordHeartbeat,
  recordTransition,
  resumeRecorder,
  reviewOf,
  type RecorderState,
  type RecorderStep,
} from '../../shared/history/recorder';
import { summarize, withRunningEnds, type Calendar } from '../../shared/history/aggregate';
import { HISTORY_HEARTBEAT_MS, RECENT_SESSIONS_SCANNED, REVIEW_WINDOW_MS, RUNNING_FRESH_MS } from '../../shared/history/history-limits';
import { RECENT_COMMITMENTS } from '../../shared/core/core-limits';
import type {
  HistoryBlock,
  HistorySegment,
  HistoryWrite,
  PendingReview,
  ReviewAnswer,
  SessionProgress,
  TodaySummary,
} from '../../shared/history/history-records';
import { recentCommitments, type RecentCommitment } from '../../shared/history/recent';
import { todayOf } from '../../shared/history/today';
import { startOfWeek } from '../../shared/history/week-start';
import type { HistoryDb } from '../../storage/history-db';
import type { Diagnostics } from '../diagnostics';
import { errorText } from '../../shared/util/error-text';
import { serial } from '../../shared/util/serial';

const DAY_MS = 24 * 60 * 60_000;

export interface RecorderDeps {
  now(): number;
  openDb(): Promise<HistoryDb>;
  diagnostics: Diagnostics;
  loadPendingReview(): Promise<{ review: PendingReview | null; warning?: string }>;
  savePendingReview(review: PendingReview | null): Promise<void>;
  /** A session ended and its review waits (the shell asks it where the person will see it). */
  onReviewPending?(review: PendingReview): void;
  /** The review of session `key` was answered or skipped. */
  onReviewSettled?(key: string): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** The person's local days (Today in the popup, the end-of-day summary). */
  calendar: Calendar;
}

type Transition = { before: ControllerState; after: ControllerState; event: ControllerEvent; at: number };

export class HistoryRecorder {
  #state: RecorderState = EMPTY_RECORDER;
  #db: HistoryDb | null = null;
  #loaded = false;
  /**
   * Transitions that came before the database opened, recorded in order once it has, before `ready` settles. Not a
   * `serial` held `after` the load: once loaded, `observe` records at once, so progress and the pending review are
   * current as soon as the shell's transition is.
   */
  #queue: Transition[] = [];
  /** Writes land in the order they were asked for; a failed one is said in diagnostics and the next still goes. */
  readonly #writes = serial({
    onError: (error) => this.deps.diagnostics.add('error', `writing history failed: ${errorText(error)}`),
  });
  #heartbeat: unknown = null;
  #pendingReview: PendingReview | null = null;
  #begin!: () => void;
  /** Settles once `start` has loaded what the recorder keeps (the database open, an unended session resumed). */
  readonly ready: Promise<void>;

  constructor(
    private readonly deps: RecorderDeps,
    private readonly privacy: () => { keepTitles: boolean; retentionDays: number },
  ) {
    this.ready = new Promise<void>((resolve) => (this.#begin = resolve)).then(() => this.#load());
  }

  /** Opens the database: after a wake's own event is handled, not at once (transitions queue until then). */
  start(): void {
    this.#begin();
  }

  async #load(): Promise<void> {
    try {
      const pending = await this.deps.loadPendingReview();
      this.#pendingReview = pending.review;
      if (pending.warning) this.deps.diagnostics.add('warn', pending.warning);
      const db = await this.deps.openDb();
      this.#db = db;
      const unended = await db.unendedSessions();
      // The newest unended session is the one the recorder may still own; the rest ended unseen.
      const [newest, ...stale] = unended.sort((a, b) => b.startedAt - a.startedAt);
      const closes: HistoryWrite[] = stale.map((s) => ({ store: 'sessions', record: { ...s, endedAt: s.lastSeenAt, endReason: 'lost' } }));
      if (closes.length) await db.put(closes);
      if (newest) this.#state = resumeRecorder(newest, await db.segmentsOf(newest.key));
    } catch (error) {
      this.deps.diagnostics.add('error', `history is not recorded: ${errorText(error)}`);
    }
    this.#loaded = true;
    for (const t of this.#queue.splice(0)) this.#record(t);
    void this.prune();
  }

  /** Called by the shell after every transition; cheap and synchronous, the writes follow in order. */
  observe(before: ControllerState, after: ControllerState, event: ControllerEvent): void {
    const t = { before, after, event, at: eventTime(event) };
    if (this.#loaded) this.#record(t);
    else this.#queue.push(t);
  }

  #record({ before, after, event, at }: Transition): void {
    const step = recordTransition(this.#state, before, after, event, at, this.privacy());
    this.#apply(step);
    const review = step.ended && reviewOf(step.ended, this.deps.now());
    if (review) {
      this.#pendingReview = review;
      void this.deps.savePendingReview(review).catch(() => {});
      this.deps.onReviewPending?.(review);
    }
    if (step.ended) void this.prune();
    this.#armHeartbeat();
  }

  #apply(step: RecorderStep): void {
    this.#state = step.recorder;
    if (step.writes.length === 0 || !this.#db) return;
    const db = this.#db;
    void this.#writes.run(() => db.put(step.writes));
  }

  /** While a segment is open its end moves forward every heartbeat; nothing runs between sessions. */
  #armHeartbeat(): void {
    const open = this.#state.open !== null;
    if (open && this.#heartbeat === null) {
      const beat = () => {
        this.#heartbeat = null;
        this.#apply(recordHeartbeat(this.#state, this.deps.now()));
        this.#armHeartbeat();
      };
      this.#heartbeat = this.deps.setTimer(beat, HISTORY_HEARTBEAT_MS);
    } else if (!open && this.#heartbeat !== null) {
      this.deps.clearTimer(this.#heartbeat);
      this.#heartbeat = null;
    }
  }

  /** Resolves once every write asked for so far, and any asked for meanwhile, has landed (or failed). */
  flushed(): Promise<void> {
    return this.#writes.idle();
  }

  progress(): SessionProgress | null {
    return progressOf(this.#state, this.deps.now());
  }

  /** Today so far: focus and drift time, the reviews, the biggest pull; null when history cannot be read. */
  async today(): Promise<TodaySummary | null> {
    const read = await this.#upToNow((now, calendar) => calendar.startOfDay(now));
    return read && todayOf(read.summary, read.blocks);
  }

  /** This local week so far (from Monday 00:00): its start and the focused time in it; null when history cannot be read. */
  async thisWeek(): Promise<{ from: number; focusedMs: number } | null> {
    const read = await this.#upToNow(startOfWeek);
    return read && { from: read.from, focusedMs: read.summary.totals.ontask };
  }

  /** History from `start(now)` to the end of today, once the writes before it are done, with the running session up to now. */
  async #upToNow(start: (now: number, calendar: Calendar) => number) {
    await this.ready;
    if (!this.#db) return null;
    await this.#writes.idle();
    const now = this.deps.now();
    const { calendar } = this.deps;
    const from = start(now, calendar);
    const to = calendar.startOfNextDay(now);
    const { invalid: _invalid, blocks, ...records } = await this.#db.range(from, to);
    const summary = summarize(withRunningEnds(records, now, RUNNING_FRESH_MS), from, to, calendar);
    return { from, summary, blocks: blocks.map((b) => b.outcome) };
  }

  /** What became of a scheduled block, written in order with the recorder's own writes. */
  async saveBlock(block: HistoryBlock): Promise<void> {
    await this.ready;
    const db = this.#db;
    if (!db) throw new Error('history is not recorded');
    await this.#writes.run(() => db.saveBlock(block));
  }

  /** The running session's segments so far (the open one up to now), oldest first: the popup's band. */
  async band(): Promise<HistorySegment[]> {
    await this.ready;
    const { session, open } = this.#state;
    if (!this.#db || !session) return [];
    await this.#writes.idle();
    const written = await this.#db.segmentsOf(session.key);
    const closed = open ? written.filter((s) => s.key !== open.key) : written;
    return open ? [...closed, { ...open, end: Math.max(open.end, this.deps.now()) }] : closed;
  }

  /** The last distinct commitments, newest first, for the start form. */
  async recent(): Promise<RecentCommitment[]> {
    await this.ready;
    if (!this.#db) return [];
    return recentCommitments(await this.#db.newestSessions(RECENT_SESSIONS_SCANNED), RECENT_COMMITMENTS);
  }

  pendingReview(): PendingReview | null {
    const r = this.#pendingReview;
    return r && this.deps.now() - r.endedAt < REVIEW_WINDOW_MS ? r : null;
  }

  /** The person answered (or skipped: no answer) the review of session `key`. */
  async review(key: string, answer: ReviewAnswer | null, note: string): Promise<void> {
    await this.ready;
    if (answer && this.#db) await this.#db.saveReview({ key, answer, note, at: this.deps.now() });
    if (this.#pendingReview?.key === key) {
      this.#pendingReview = null;
      await this.deps.savePendingReview(null);
    }
    this.deps.onReviewSettled?.(key);
  }

  /** Retention: sessions older than the person's limit are deleted (run at start and after each session). */
  async prune(): Promise<void> {
    if (!this.#db) return;
    const cutoff = this.deps.now() - this.privacy().retentionDays * DAY_MS;
    try {
      const deleted = await this.#db.pruneBefore(cutoff);
      const sessions = deleted === 1 ? '1 session' : `${deleted} sessions`;
      if (deleted) this.deps.diagnostics.add('info', `history: ${sessions} older than ${this.privacy().retentionDays} days deleted`);
    } catch (error) {
      this.deps.diagnostics.add('warn', `pruning history failed: ${errorText(error)}`);
    }
  }
}

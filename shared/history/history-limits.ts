// The history's limits and defaults, written once (zod-free: the pages import them too).

/** Longest reason or heads-up text a record keeps. */
export const HISTORY_MAX_TEXT = 500;
/** Longest review note. */
export const HISTORY_MAX_NOTE = 1_000;
/** While a segment stays open its end is written at least this often, so a crash loses at most this much. */
export const HISTORY_HEARTBEAT_MS = 15_000;
/** An ended session asks for its review for this long; after that the popup no longer asks. */
export const REVIEW_WINDOW_MS = 12 * 60 * 60_000;
/** Most records one import may carry (a year of heavy use is ~250 000). */
export const HISTORY_IMPORT_MAX_RECORDS = 2_000_000;
/** A running session last written this recently is still running (heartbeats come every HISTORY_HEARTBEAT_MS). */
export const RUNNING_FRESH_MS = 4 * HISTORY_HEARTBEAT_MS;
/** Distinct recent sessions looked through for the start form's recent commitments. */
export const RECENT_SESSIONS_SCANNED = 50;

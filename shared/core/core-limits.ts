// Every limit and timing of the extension, written once (zod-free: the popup and the toast import it too).
import type { PromptLimits } from '../ai/vocabulary';
import { MAX_MODEL_CHARS, RUN_TIMEOUT_MS } from '../protocol/protocol-limits';

// ---- what a person may type ----

/** Longest next action or success condition, in characters. */
export const MAX_COMMITMENT_CHARS = 500;
/** Longest "Involves" (what the work takes, in the person's words): capped as each commitment text is. */
export const MAX_INVOLVES_CHARS = MAX_COMMITMENT_CHARS;
/** Longest timebox a session may have. */
export const MAX_TIMEBOX_MINUTES = 24 * 60;
/** Longest rough intention the coach is given. */
export const MAX_INTENTION_CHARS = 1_000;
/** Longest allowed/blocked entry (a DNS name's limit) and the most entries in one list. */
export const MAX_ENTRY_CHARS = 253;
export const MAX_LIST_ENTRIES = 500;
/** Redaction patterns: how many, and how long each. */
export const MAX_REDACT_PATTERNS = 50;
export const MAX_PATTERN_CHARS = 200;
/** Browser window classes: how many, and how long each. */
export const MAX_BROWSER_CLASSES = 50;
export const MAX_CLASS_CHARS = 100;
export { MAX_MODEL_CHARS };
/** Backends with a stored consent answer (the helper's own and custom ones together stay far below). */
export const MAX_AI_CONSENTS = 64;

/** A numeric setting's bounds and the step its input offers; the schema and the form read the same object. */
export interface SettingRange {
  min: number;
  max: number;
  step: number;
  integer: boolean;
  fallback: number;
}

/** The numeric settings, with their defaults. */
export const SETTING_RANGES = {
  aiTimeoutSeconds: { min: 5, max: RUN_TIMEOUT_MS.max / 1_000, step: 1, integer: true, fallback: 30 },
  nudgeIntervalMinutes: { min: 0.25, max: 120, step: 0.25, integer: false, fallback: 5 },
  judgeDebounceSeconds: { min: 0, max: 60, step: 0.5, integer: false, fallback: 1.5 },
  /** chrome.idle's shortest detection interval is 15 seconds. */
  awayAfterSeconds: { min: 15, max: 3_600, step: 15, integer: true, fallback: 180 },
  historyRetentionDays: { min: 1, max: 3_650, step: 1, integer: true, fallback: 365 },
  /** A strict session's wait before it ends early or pauses. */
  strictWaitSeconds: { min: 10, max: 600, step: 10, integer: true, fallback: 60 },
} as const satisfies Record<string, SettingRange>;

// ---- what state may hold ----

/** Longest observed title and app kept in state (observations are cut to these after redacting). */
export const MAX_OBSERVED_TITLE = 2_000;
export const MAX_OBSERVED_APP = 300;
/** Distinct recent titles the controller keeps, and the most a nudge prompt carries. */
export const RECENT_TITLES = 10;
/** What the core lets a prompt carry, handed to the AI roles (they import nothing of the core). */
export const PROMPT_LIMITS = { maxCommitmentChars: MAX_COMMITMENT_CHARS, recentTitles: RECENT_TITLES } as const satisfies PromptLimits;
/** Verdicts kept per session; the oldest is evicted past this. */
export const VERDICT_CACHE_LIMIT = 500;
/**
 * Pages of mixed-use sites judged in one session, at most: each is an AI call, and a day of feeds could ask hundreds.
 * Past it, a site's last page verdict stands for its other pages (Options' diagnostics says so once).
 */
export const MAX_PAGE_JUDGMENTS = 60;
/** Longest nudge text a dismissal may name. */
export const MAX_DISMISSED_TEXT = 2_000;
/** Entries kept in the diagnostics log. */
export const DIAGNOSTICS_LIMIT = 200;

// ---- timings of the controller ----

/** After the first nudge, another needs at least this many titles the last one did not see. */
export const NUDGE_NEW_TITLES = 2;
/** Each on-track answer doubles the wait before the next nudge, up to this many intervals. */
export const NUDGE_MAX_BACKOFF = 4;
/** A judge that failed for an app is not asked about it again before this. */
export const JUDGE_RETRY_MS = 5 * 60_000;
/** The controller looks at the current window again at least this often, and at most… */
export const REEVALUATE_MAX_MS = 60_000;
/** …this often, however short the nudge interval. */
export const REEVALUATE_MIN_MS = 10_000;
/** Earliest a deadline may be armed after now, so a due-but-unconsumed deadline cannot spin. */
export const MIN_DEADLINE_DELAY_MS = 500;

// ---- reconnect backoff of the surfaces ----

/** A page's or toast's state port, after the service worker went away: first retry, longest wait. */
export const STATE_PORT_RETRY = { firstMs: 250, maxMs: 30_000 } as const;

// ---- planning a day (templates, scheduled blocks, rhythm) ----

/** Templates a person may keep, and the longest name. */
export const MAX_TEMPLATES = 50;
export const MAX_TEMPLATE_NAME_CHARS = 60;
/** Scheduled blocks, and the shortest and longest block (a block may cross midnight, never a whole day). */
export const MAX_BLOCKS = 50;
export const BLOCK_MINUTES = { min: 5, max: 12 * 60 } as const;
/** A rhythm's work and break lengths, in minutes. */
export const RHYTHM_WORK_MINUTES = { min: 1, max: 240 } as const;
export const RHYTHM_BREAK_MINUTES = { min: 1, max: 120 } as const;
/** How many distinct recent commitments the start form offers. */
export const RECENT_COMMITMENTS = 5;

// The closed word lists the parts share, each written once (zod-free): schemas build z.enum(LIST) from them.

/** Where a session stands. */
export const PHASES = ['idle', 'active', 'paused'] as const;
export type Phase = (typeof PHASES)[number];

/** What the controller concluded about the place the person is looking at. */
export const DRIFT_STATUSES = ['ontask', 'checking', 'drifting', 'unknown'] as const;
export type DriftStatus = (typeof DRIFT_STATUSES)[number];

// The AI roles own the words they take and answer with; the core uses them as they are.
export { MODEL_AVAILABILITIES, OBSERVATION_SOURCES, type ModelAvailability, type ObservationSource } from '../ai/vocabulary';

/** The native host connection: connecting → connected; disconnected (was up, will retry); missing (not installed / forbidden). */
export const CONNECTIONS = ['connecting', 'connected', 'disconnected', 'missing'] as const;
export type Connection = (typeof CONNECTIONS)[number];

/**
 * Why the helper is `missing` without being looked for: Firefox has not granted the optional nativeMessaging
 * permission yet, or this is Firefox for Android, which runs no native helper at all. Neither goes away by retrying.
 */
export const HELPER_BLOCKS = ['not-allowed', 'android'] as const;
export type HelperBlock = (typeof HELPER_BLOCKS)[number];

/** Each block in words: `why` continues "the helper cannot be asked:", `hint` is what still works or what to do. */
export const HELPER_BLOCK_WORDS: Record<HelperBlock, { why: string; hint: string }> = {
  'not-allowed': {
    why: 'Firefox has not allowed antidrift to talk to its helper yet',
    hint: 'allow it on the welcome page or in Options → Helper',
  },
  android: {
    why: 'Firefox for Android cannot run the helper',
    hint: 'the AI and desktop apps are off; lists, strict, plans and history work',
  },
};

/** The backend name of the browser's built-in model, beside the helper's CLI backends. */
export const BROWSER_BACKEND = 'browser';

/** The drift status in words, shared by the tooltip, the popup and the options page. */
export const STATUS_WORDS: Record<DriftStatus, string> = {
  ontask: 'on task',
  checking: 'checking…',
  drifting: 'drifting',
  unknown: 'not sure (no AI verdict)',
};

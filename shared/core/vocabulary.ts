// The closed word lists the parts share, each written once (zod-free): schemas build z.enum(LIST) from them.

/** Where a session stands. */
export const PHASES = ['idle', 'active', 'paused'] as const;
export type Phase = (typeof PHASES)[number];

/** What the controller concluded about the place the person is looking at. */
export const DRIFT_STATUSES = ['ontask', 'checking', 'drifting', 'unknown'] as const;
export type DriftStatus = (typeof DRIFT_STATUSES)[number];

/** Where an observation came from: a browser tab (app = site host) or the active OS window (app = class). */
export const OBSERVATION_SOURCES = ['tab', 'os'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/** The native host connection: connecting → connected; disconnected (was up, will retry); missing (not installed / forbidden). */
export const CONNECTIONS = ['connecting', 'connected', 'disconnected', 'missing'] as const;
export type Connection = (typeof CONNECTIONS)[number];

/** The browser's built-in model (Prompt API), as LanguageModel.availability() says it. */
export const MODEL_AVAILABILITIES = ['unavailable', 'downloadable', 'downloading', 'available'] as const;
export type ModelAvailability = (typeof MODEL_AVAILABILITIES)[number];

/** The backend name of the browser's built-in model, beside the helper's CLI backends. */
export const BROWSER_BACKEND = 'browser';

/** The drift status in words, shared by the tooltip, the popup and the options page. */
export const STATUS_WORDS: Record<DriftStatus, string> = {
  ontask: 'on task',
  checking: 'checking…',
  drifting: 'drifting',
  unknown: 'not sure (no AI verdict)',
};

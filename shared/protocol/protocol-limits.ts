// The numbers and name patterns both ends of the native-messaging protocol agree on (zod-free, so any part may read them).

/** Largest frame the host sends to the browser (Chromium's limit for host → browser). */
export const MAX_FRAME_TO_BROWSER = 1024 * 1024;
/** Largest frame the host accepts from the browser; longer ones are skipped unread. */
export const MAX_FRAME_FROM_BROWSER = 1024 * 1024;
/** Longest prompt a `run` may carry (well under the inbound frame limit). */
export const MAX_PROMPT_CHARS = 200_000;
/** Shortest and longest timeout a `run` may ask for: the host kills the backend when it passes. */
export const RUN_TIMEOUT_MS = { min: 1_000, max: 300_000 } as const;
/**
 * How much longer the extension waits than the `run`'s own timeout: the host's kill and its
 * `timeout` result come first, and the extension's give-up is only a backstop for a lost answer.
 */
export const HOST_TIMEOUT_GRACE_MS = 5_000;
/**
 * The native-messaging protocol this build speaks, sent both ways in `hello`. A side without the field
 * is protocol 1 (antidrift 0.1.x). Raise it when a frame or field changes meaning; a new optional field
 * that an older side may ignore does not need a new number.
 */
export const PROTOCOL_VERSION = 2;
/** The oldest protocol this build still serves on the other side (an older one gets "update it"). */
export const OLDEST_PROTOCOL = 1;
/** Longest model name passed to a CLI's model flag. */
export const MAX_MODEL_CHARS = 200;
/** What a backend name is made of (frames.ts's schema and the host's zod-free hello check share it). */
export const BACKEND_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
/** What a release version as `hello` carries it is made of, e.g. `0.2.0`. */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z.+-]+$/;

/** A window watcher's states, as its frames and hello say them (zod-free: the helper checks hello by hand). */
export const WATCHER_STATES = ['starting', 'running', 'unavailable', 'failed', 'stopped'] as const;

// The stored state's keys and the one read of them at wake, free of zod: the entry asks for it before the rest of the worker is evaluated.
import { browser } from 'wxt/browser';
import { checkedKey } from './checked-records';

/** Storage keys. Local survives a browser restart; session lives as long as the browser runs. */
export const KEYS = {
  settings: 'settings',
  session: 'session',
  drift: 'drift',
  diagnostics: 'diagnostics',
  observer: 'observer',
  /** The badges given to tabs (their ids live as long as the browser runs). */
  tabBadges: 'tabBadges',
  pendingReview: 'pendingReview',
  /** The release that last ran with this storage: a different one now is an update (whatever the browser reports). */
  version: 'extensionVersion',
} as const;

/** Where drift state version 1 kept the dismissed nudge; read once to migrate, then removed. */
export const LEGACY_DISMISSED_NUDGE_KEY = 'dismissedNudge';

const LOCAL_RECORDS = [KEYS.settings, KEYS.session];
const SESSION_RECORDS = [KEYS.drift, KEYS.diagnostics, KEYS.observer, KEYS.tabBadges];

export type StoredAreas = { local: Record<string, unknown>; session: Record<string, unknown> };

/** Everything hydration reads, one call per area; an area that refuses reads as empty (its records fall back to defaults). */
export function readStoredState(): Promise<StoredAreas> {
  return Promise.all([
    browser.storage.local.get([...LOCAL_RECORDS, ...LOCAL_RECORDS.map(checkedKey), KEYS.version]).catch(() => ({})),
    browser.storage.session.get([...SESSION_RECORDS, ...SESSION_RECORDS.map(checkedKey), LEGACY_DISMISSED_NUDGE_KEY]).catch(() => ({})),
  ]).then(([local, session]) => ({ local, session }));
}

let early: Promise<StoredAreas> | undefined;

/**
 * Called by the entry as its first line: on a woken worker the read (a round trip to the browser) then
 * overlaps the evaluation of everything else, instead of starting after it.
 */
export function readStoredStateEarly(): void {
  early = readStoredState();
}

/** The early read, once (the wake's hydration); every later read asks storage again. */
export function takeStoredState(): Promise<StoredAreas> {
  const read = early ?? readStoredState();
  early = undefined;
  return read;
}

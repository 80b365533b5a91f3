// Allowed/blocked list matching of app classes and site hosts: the local, AI-free rules.
import * as z from 'zod';
import { MAX_LIST_ENTRIES } from './core-limits';
import { checkEntry, normalizeEntry, normalizeList, splitEntry } from './list-entry';
import type { ObservationSource } from './vocabulary';
import { onFirstUse } from '../util/on-first-use';

/**
 * One list entry as the person types it: an app class (`code`, `xterm`), a site (`github.com`),
 * a site with a wildcard (`*.google.com`, `docs.*`), a part of a site (`reddit.com/r/typescript`),
 * or a pasted URL (normalised to its host, or to its part on a site whose addresses say one).
 * The rules live in list-entry.ts; this is their zod face for stored and imported records.
 */
export const ListEntry = onFirstUse(() =>
  z.string().transform((raw, ctx) => {
    const checked = checkEntry(raw);
    if (checked.ok) return checked.entry;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }),
);
export type ListEntry = z.infer<typeof ListEntry>;

export const EntryList = onFirstUse(() => z.array(ListEntry).max(MAX_LIST_ENTRIES));

export { normalizeEntry, normalizeList };

/** The key a verdict is cached under and "This is on task" appends: host without `www.`, or class. */
export function appKey(app: string): string {
  return app
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
}

// eslint-disable-next-line no-control-regex -- "is every character ASCII?"
const ASCII = /^[\x00-\x7f]*$/;

/** An internationalised site entry as browsers write its host; anything else (ASCII, not a host) as it is. */
function asciiHost(entry: string): string {
  if (ASCII.test(entry) || !entry.includes('.')) return entry;
  try {
    return new URL(`http://${entry}/`).hostname;
  } catch {
    return entry;
  }
}

function wildcardToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/** Does a site or app entry (no path) match an observed app? */
function hostMatches(entry: string, app: string, source: ObservationSource): boolean {
  const key = appKey(app);
  if (!key || !entry) return false;
  // A tab's host is in punycode (`xn--bcher-kva.example`); the person typed `bücher.example`.
  if (source === 'tab' && !entry.includes('*')) entry = asciiHost(entry);
  if (entry.includes('*')) {
    const re = wildcardToRegExp(entry);
    if (re.test(key)) return true;
    // `*.example.com` should also cover the bare `example.com`.
    return source === 'tab' && entry.startsWith('*.') && key === entry.slice(2);
  }
  if (source === 'os') return key === entry;
  if (key === entry) return true;
  if (!entry.includes('.')) return key.split('.').slice(0, -1).includes(entry);
  return key.endsWith(`.${entry}`);
}

/**
 * Does a part's path match an observed path (both as site-parts.ts writes them)? `/r/typescript` covers the subreddit
 * and everything under it, not `/r/typescriptx`; a path naming one page by its field (`/watch?v=abc`) is that page.
 */
export function pathMatches(want: string, path: string): boolean {
  if (want.includes('?')) return path === want;
  return path === want || path.startsWith(want.endsWith('/') ? want : `${want}/`) || path.startsWith(`${want}?`);
}

/** Where an observation is: its app (site or class), its source, and for a tab the path as entries match it. */
export interface PlaceFacts {
  app: string;
  source: ObservationSource;
  path?: string | undefined;
}

/**
 * Does one entry match an observed place?
 * - Sites (`tab`): `github.com` matches `github.com` and `gist.github.com`, not `notgithub.com`;
 *   a dot-less entry (`youtube`, `outlook`) matches any label of the host but the last
 *   (`www.youtube.com`, `outlook.office.com`), so a blocked "app" also blocks its web version.
 * - Parts of sites (`reddit.com/r/typescript`): the site as above, and the path from there down; never an app.
 * - App classes (`os`): case-insensitive equality.
 * - `*` matches any run of characters, against the whole host or class.
 */
export function entryMatches(entry: string, place: PlaceFacts): boolean {
  const split = splitEntry(entry);
  if (!split) return hostMatches(entry, place.app, place.source);
  if (place.source !== 'tab' || place.path === undefined) return false;
  return hostMatches(split.host, place.app, place.source) && pathMatches(split.path, place.path);
}

export function matchesAny(list: readonly string[], place: PlaceFacts): string | undefined {
  return list.find((entry) => entryMatches(entry, place));
}

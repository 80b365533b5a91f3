// The rules of one allowed/blocked list entry, as plain functions (no zod: the popup loads them on open).
import { MAX_ENTRY_CHARS } from './core-limits';
import { allowedPartOf, knownFamily, placeOf } from './site-parts';

const ENTRY_SHAPE = /^[\p{L}\p{N}*._:+ -]+$/u;
/** A part of a site after its host: a path of plain characters, and at most one `?field=value` naming a page. */
const PATH_SHAPE = /^\/[\p{L}\p{N}@._~!$'()+,;:%=/-]*(\?[a-z_]+=[^\s#&?]+)?$/u;

/** The host and the path of an entry that names part of a site (`reddit.com/r/typescript`); null for a whole site or an app. */
export function splitEntry(entry: string): { host: string; path: string } | null {
  const at = entry.search(/[/?]/);
  return at < 0 ? null : { host: entry.slice(0, at), path: entry.slice(at) };
}

/** A path as entries hold it, read as the address's own path is (site-parts.ts): the query kept only where it names the page. */
function partPath(host: string, rest: string): string {
  try {
    return placeOf(`https://${host}${rest}`)?.path ?? '';
  } catch {
    return '';
  }
}

/**
 * Lower-cases, strips a leading `www.`, trims. A pasted address becomes its host, or on a site whose addresses say where
 * a page belongs (YouTube, Reddit, GitHub, …: site-parts.ts) its part: the channel, the subreddit, the owner, else the
 * page. A typed `site/path` stays that part of the site.
 */
export function normalizeEntry(raw: string): string {
  let entry = raw.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(entry);
  if (scheme) {
    const place = /^https?:/i.test(scheme[0]) ? placeOf(entry) : null;
    if (place && knownFamily(place.site) && place.path) return allowedPartOf(place);
    entry = entry.slice(scheme[0].length).split(/[/?#]/, 1)[0] ?? '';
    return entry
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, '');
  }
  entry = entry.replace(/#.*$/, '');
  const split = splitEntry(entry);
  const host = (split ? split.host : entry).toLowerCase().replace(/^www\./, '');
  if (!split) return host;
  const path = partPath(host, split.path);
  return path ? `${host}${path}` : host;
}

export type EntryCheck = { ok: true; entry: string } | { ok: false; message: string };

/** What a typed part of a site cannot hold: a pasted address has them encoded, a typed one is a mistake (or not the person's). */
const NOT_IN_A_TYPED_PATH = /[\s"<>\\^`{|}]/;

/** Normalises one entry as the person typed it, or says why it cannot be one. */
export function checkEntry(raw: string): EntryCheck {
  const typed = raw.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) && splitEntry(typed)) {
    // Before normalising: reading a path as an address would encode what the person never meant to type, or cut it.
    if (typed.length > MAX_ENTRY_CHARS) return { ok: false, message: `an entry is at most ${MAX_ENTRY_CHARS} characters` };
    if (NOT_IN_A_TYPED_PATH.test(typed))
      return { ok: false, message: 'a part of a site is written like reddit.com/r/typescript or youtube.com/@channel' };
  }
  const entry = normalizeEntry(raw);
  if (!entry) return { ok: false, message: 'an entry cannot be empty' };
  if (entry.length > MAX_ENTRY_CHARS) return { ok: false, message: `an entry is at most ${MAX_ENTRY_CHARS} characters` };
  const split = splitEntry(entry);
  const host = split ? split.host : entry;
  if (!ENTRY_SHAPE.test(host)) return { ok: false, message: 'use an app name, a site like github.com, or a pattern like *.google.com' };
  if (split) {
    if (!host.includes('.') && !host.includes(':'))
      return { ok: false, message: 'only a site has parts: write it like reddit.com/r/typescript' };
    if (host.includes('*') || split.path.includes('*'))
      return { ok: false, message: 'a part of a site is written without *, like reddit.com/r/typescript' };
    if (!PATH_SHAPE.test(split.path))
      return { ok: false, message: 'a part of a site is written like reddit.com/r/typescript or youtube.com/@channel' };
  }
  return { ok: true, entry };
}

/** Normalises a list, dropping invalid entries and duplicates (order kept). */
export function normalizeList(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of entries) {
    const checked = checkEntry(raw);
    if (checked.ok && !out.includes(checked.entry)) out.push(checked.entry);
  }
  return out;
}

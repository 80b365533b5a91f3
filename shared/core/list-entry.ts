// The rules of one allowed/blocked list entry, as plain functions (no zod: the popup loads them on open).
import { MAX_ENTRY_CHARS } from './limits';

const ENTRY_SHAPE = /^[\p{L}\p{N}*._:+ -]+$/u;

/** Lower-cases, strips a URL down to its host and a leading `www.`, trims. */
export function normalizeEntry(raw: string): string {
  let entry = raw.trim().toLowerCase();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//.exec(entry);
  if (scheme) entry = entry.slice(scheme[0].length);
  if (scheme || entry.includes('/')) entry = entry.split(/[/?#]/, 1)[0] ?? '';
  if (scheme) entry = entry.replace(/:\d+$/, '');
  return entry.replace(/^www\./, '');
}

export type EntryCheck = { ok: true; entry: string } | { ok: false; message: string };

/** Normalises one entry as the person typed it, or says why it cannot be one. */
export function checkEntry(raw: string): EntryCheck {
  const entry = normalizeEntry(raw);
  if (!entry) return { ok: false, message: 'an entry cannot be empty' };
  if (entry.length > MAX_ENTRY_CHARS) return { ok: false, message: `an entry is at most ${MAX_ENTRY_CHARS} characters` };
  if (!ENTRY_SHAPE.test(entry)) return { ok: false, message: 'use an app name, a site like github.com, or a pattern like *.google.com' };
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

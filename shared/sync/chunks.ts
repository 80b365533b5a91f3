// The synced part as storage.sync items within the browser's quotas: split, the write plan, and the careful reassembly.
import * as z from 'zod';
import { onFirstUse } from '../util/on-first-use';
import { SETTINGS_VERSION } from '../settings/stored-settings';
import { contentHash } from '../util/hash';
import { largestFields, SyncedSettings, syncedText } from './synced-settings';

/** chrome.storage.sync's limits (Firefox Sync has the same per-item and total ones). */
export const SYNC_QUOTA = {
  bytesPerItem: 8_192,
  totalBytes: 102_400,
  writesPerMinute: 120,
  writesPerHour: 1_800,
} as const;

/**
 * What we fill, a little under the limits: the browser measures with its own JSON writer, which may
 * escape a character we count as plain UTF-8 (U+2028 is counted as escaped below; others may not be).
 */
export const ITEM_BUDGET = SYNC_QUOTA.bytesPerItem - 128;
export const TOTAL_BUDGET = SYNC_QUOTA.totalBytes - 1_024;
/** More chunks than this cannot fit the total anyway; a meta that claims more is not ours. */
export const MAX_CHUNKS = Math.ceil(SYNC_QUOTA.totalBytes / 1_000);

export const META_KEY = 'settings.meta';
export const chunkKey = (index: number): string => `settings.${index}`;
/** The keys this module owns in storage.sync: nothing else there is read, written or removed. */
export const isSyncKey = (key: string): boolean => /^settings\.(meta|\d+)$/.test(key);

const META_FORMAT = 1;

/** What is read first: how many chunks make the synced part, its hash, who wrote it and when. */
export const SyncMeta = onFirstUse(() =>
  z.object({
    format: z.literal(META_FORMAT),
    /** The settings version of the synced part (a newer one is left alone: this version cannot read it). */
    version: z.number().int().positive(),
    chunks: z.number().int().min(1).max(MAX_CHUNKS),
    hash: z.string().regex(/^[0-9a-f]{14}$/),
    /** The install id of the writer: an install ignores its own writes. */
    writer: z.string().min(1).max(100),
    /** When the writer's synced part last changed (its clock): the newer side wins a conflict. */
    savedAt: z.number().nonnegative(),
  }),
);
export type SyncMeta = z.infer<typeof SyncMeta>;

const encoder = new TextEncoder();
export const utf8Bytes = (text: string): number => encoder.encode(text).length;

/** An item's size as the quota counts it: its key and the JSON of its value, in UTF-8 bytes. */
export function itemBytes(key: string, value: unknown): number {
  return utf8Bytes(key) + utf8Bytes(JSON.stringify(value));
}

/** What one code point costs inside a JSON string. */
function costOf(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return JSON.stringify(char).length - 2;
  if (code === 0x2028 || code === 0x2029) return 6;
  if (code >= 0xd800 && code <= 0xdfff) return 6; // a lone surrogate is escaped
  return utf8Bytes(char);
}

/** Splits text into pieces whose JSON strings fit `budget` bytes, never inside a code point. */
function split(text: string, budget: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const char of text) {
    const cost = costOf(char);
    if (bytes + cost > budget && piece) {
      pieces.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += char;
    bytes += cost;
  }
  if (piece || pieces.length === 0) pieces.push(piece);
  return pieces;
}

export type Encoded =
  { ok: true; items: Record<string, unknown>; hash: string; bytes: number } | { ok: false; error: string; bytes: number };

const kb = (bytes: number): number => Math.ceil(bytes / 1024);

/**
 * The synced part as items: `settings.meta` and `settings.0..n`, each a piece of one serialisation.
 * Refused, in words, when it would not fit the browser's sync as a whole.
 */
export function encodeSynced(part: SyncedSettings, writer: string, savedAt: number): Encoded {
  const text = syncedText(part);
  const hash = contentHash(text);
  // The longest chunk key is counted for every chunk, and 2 bytes for the JSON string's quotes.
  const pieces = split(text, ITEM_BUDGET - utf8Bytes(chunkKey(MAX_CHUNKS)) - 2);
  const meta: SyncMeta = { format: META_FORMAT, version: SETTINGS_VERSION, chunks: pieces.length, hash, writer, savedAt };
  const items: Record<string, unknown> = { [META_KEY]: meta };
  pieces.forEach((piece, index) => (items[chunkKey(index)] = piece));
  const bytes = Object.entries(items).reduce((sum, [key, value]) => sum + itemBytes(key, value), 0);
  if (bytes > TOTAL_BUDGET || pieces.length > MAX_CHUNKS) {
    return {
      ok: false,
      bytes,
      error:
        `not synced: your settings (mostly the ${largestFields(part)}) take ${kb(bytes)} KB; ` +
        `the browser's sync holds ${kb(SYNC_QUOTA.totalBytes)} KB — the copy on this computer keeps everything`,
    };
  }
  return { ok: true, items, hash, bytes };
}

/**
 * The one `set` (only the items that differ from what sync holds) and the stale chunk keys to remove
 * after it. Meta and chunks go in the same call, so a reader sees them together where the browser allows.
 */
export function planWrite(
  current: Record<string, unknown>,
  next: Record<string, unknown>,
): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(current[key]) !== JSON.stringify(value)) set[key] = value;
  }
  const remove = Object.keys(current).filter((key) => isSyncKey(key) && !(key in next));
  return { set, remove };
}

export type Decoded =
  | { kind: 'empty' }
  | { kind: 'ok'; meta: SyncMeta; part: SyncedSettings }
  /** Written by a newer version of the extension: left alone, neither applied nor overwritten. */
  | { kind: 'newer'; meta: SyncMeta; problem: string }
  | { kind: 'bad'; problem: string };

const bad = (problem: string): Decoded => ({ kind: 'bad', problem: `the settings in the browser's sync ${problem}; nothing changed` });

/** Reassembles what storage.sync holds: only complete, hash-matching, valid data comes back as `ok`. */
export function decodeSynced(items: Record<string, unknown>): Decoded {
  const rawMeta = items[META_KEY];
  if (rawMeta === undefined || rawMeta === null) return { kind: 'empty' };
  const meta = SyncMeta.safeParse(rawMeta);
  if (!meta.success) return bad(`have an unreadable header (${meta.error.issues[0]?.message ?? 'invalid'})`);
  const { chunks, hash, version } = meta.data;
  if (version > SETTINGS_VERSION) {
    return {
      kind: 'newer',
      meta: meta.data,
      problem: `another browser runs a newer antidrift (settings version ${version}): update this one to sync again`,
    };
  }
  const pieces: string[] = [];
  for (let index = 0; index < chunks; index++) {
    const piece = items[chunkKey(index)];
    if (typeof piece !== 'string') return bad(`are incomplete (part ${index + 1} of ${chunks} is missing; a later change completes them)`);
    pieces.push(piece);
  }
  const text = pieces.join('');
  if (contentHash(text) !== hash) return bad('do not match their hash (parts of two different saves, or damaged)');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return bad('are not valid JSON');
  }
  if (version < SETTINGS_VERSION) {
    // Sync began with version 2: an older synced part cannot exist unless something else wrote it.
    return bad(`are of settings version ${version}, which never synced`);
  }
  const part = SyncedSettings.safeParse(raw);
  if (!part.success) {
    const issue = part.error.issues[0];
    return bad(`are not valid (${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'invalid'})`);
  }
  return { kind: 'ok', meta: meta.data, part: part.data };
}

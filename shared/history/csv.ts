// History files: the CSV export (one row per segment, safe to open in a spreadsheet) and the check of an imported JSON file.
import type { z } from 'zod';
import { HISTORY_IMPORT_MAX_RECORDS } from './history-limits';
import { HistoryExport, type HistoryMark, type HistorySegment, type HistorySession } from './history-records';

export const CSV_COLUMNS = [
  'session',
  'next action',
  'start',
  'end',
  'duration seconds',
  'kind',
  'place',
  'title',
  'cause',
  'reason',
  // A strict session's, on each of its rows (empty for any other session): added last, so older readers keep their columns.
  'strict',
  'blocked visits',
  'waits started',
  'waits kept going',
  'waits gone through',
  // How many of the session's drifts ended in Save for later (each row of the session carries it, as the strict tally).
  'saved for later',
  // What the session's work involved, in the person's words (empty when not said, or for an unknown session).
  'involves',
] as const;

/** More text than this is not a history file this page can hold in memory (a year of heavy use is ~100 MB). */
export const HISTORY_IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * One cell, RFC 4180 quoted. Titles and reasons are web content: a cell a spreadsheet would run as
 * a formula (= + - @, or a leading tab or CR some of them strip first) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An instant as ISO 8601 in UTC: formatting a given time, not reading the clock. */
function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The segments as CSV, CRLF line ends, a header row first; segments of unknown sessions keep an empty next action. */
export function segmentsCsv(
  sessions: readonly HistorySession[],
  segments: readonly HistorySegment[],
  marks: readonly HistoryMark[] = [],
): string {
  const byKey = new Map(sessions.map((s) => [s.key, s]));
  const saved = new Map<string, number>();
  for (const m of marks) if (m.type === 'answer' && m.choice === 'savedForLater') saved.set(m.session, (saved.get(m.session) ?? 0) + 1);
  const sorted = [...segments].sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
  const lines = [CSV_COLUMNS.map(csvCell).join(',')];
  for (const s of sorted) {
    lines.push(
      [
        s.session,
        byKey.get(s.session)?.nextAction ?? '',
        iso(s.start),
        iso(s.end),
        Math.round((s.end - s.start) / 1000),
        s.kind,
        s.place,
        s.title,
        s.cause,
        s.reason,
        ...strictCells(byKey.get(s.session)),
        byKey.has(s.session) ? (saved.get(s.session) ?? 0) : null,
        byKey.get(s.session)?.involves ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Strict, then its tally; a session that was not strict says no and leaves the counts empty (an unknown one leaves all empty). */
function strictCells(session: HistorySession | undefined): (string | number | null)[] {
  if (!session) return [null, null, null, null, null];
  const t = session.strictTally;
  if (!session.strict || !t) return [session.strict ? 'yes' : 'no', null, null, null, null];
  return ['yes', t.blockedNavigations, t.waitsStarted, t.waitsAbandoned, t.waitsGoneThrough];
}

export type ImportCheck = { ok: true; file: HistoryExport; records: number } | { ok: false; error: string };

/** `segments[3].end` from zod's path. */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || 'the file';
}

function issuesText(error: z.ZodError, shown = 3): string {
  const issues = error.issues.slice(0, shown).map((i) => `${pathText(i.path)}: ${i.message}`);
  const more = error.issues.length - shown;
  return `${issues.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/** Parses and validates an exported history file; the error says what is wrong and where, so the person can tell a wrong file from a damaged one. */
export function parseHistoryImport(text: string): ImportCheck {
  if (text.length > HISTORY_IMPORT_MAX_BYTES) return { ok: false, error: 'the file is too large to import' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the file is not valid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (raw as { format?: unknown }).format !== 'antidrift-history') {
    return { ok: false, error: 'the file is not an antidrift history export' };
  }
  const file = raw as Record<string, unknown>;
  // Counted before zod walks it: a file past the limit is refused without validating millions of records.
  const records = lengthOf(file.sessions) + lengthOf(file.segments) + lengthOf(file.marks) + lengthOf(file.reviews) + lengthOf(file.blocks);
  if (records > HISTORY_IMPORT_MAX_RECORDS) {
    return { ok: false, error: `the file holds ${records} records; at most ${HISTORY_IMPORT_MAX_RECORDS} can be imported at once` };
  }
  const parsed = HistoryExport.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `the file does not match the history format: ${issuesText(parsed.error)}` };
  return { ok: true, file: parsed.data, records };
}

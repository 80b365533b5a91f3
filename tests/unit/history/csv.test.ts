// History files: CSV rows, RFC 4180 quoting, spreadsheet formula neutralising, and the import check's errors.
import { describe, expect, it } from 'vitest';
import { csvCell, parseHistoryImport, segmentsCsv } from '../../../shared/history/csv';
import { HISTORY_IMPORT_MAX_RECORDS } from '../../../shared/history/history-limits';
import type { HistoryExport } from '../../../shared/history/history-records';
import { MIN, MONDAY, mark, review, segment, session } from '../../support/history-records';

describe('CSV export', () => {
  it('writes a header and one row per segment in time order, CRLF-terminated', () => {
    const s = session({ nextAction: 'Write, then "ship"' });
    const later = segment(s, {
      start: MONDAY + 10 * MIN,
      end: MONDAY + 15 * MIN + 499,
      kind: 'drifting',
      place: 'youtube.com',
      cause: 'judged',
      reason: 'video',
    });
    const first = segment(s, { start: MONDAY, end: MONDAY + 10 * MIN, title: 'line one\nline two' });
    const csv = segmentsCsv([s], [later, first]);
    expect(csv.split('\r\n')).toEqual([
      'session,next action,start,end,duration seconds,kind,place,title,cause,reason,strict,blocked visits,waits started,waits kept going,waits gone through,saved for later,involves',
      `${s.key},"Write, then ""ship""",2024-03-04T00:00:00.000Z,2024-03-04T00:10:00.000Z,600,ontask,github.com,"line one\nline two",,,no,,,,,0,`,
      `${s.key},"Write, then ""ship""",2024-03-04T00:10:00.000Z,2024-03-04T00:15:00.499Z,300,drifting,youtube.com,,judged,video,no,,,,,0,`,
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', 'a=b'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
      'a=b',
    ]);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('keeps an unknown session’s next action empty', () => {
    const s = session();
    const csv = segmentsCsv([], [segment(s, { start: MONDAY, end: MONDAY + MIN, title: '=cmd|x' })]);
    expect(csv.split('\r\n')[1]).toBe(`${s.key},,2024-03-04T00:00:00.000Z,2024-03-04T00:01:00.000Z,60,ontask,github.com,'=cmd|x,,,,,,,,,`);
  });

  it('adds a strict session’s tally after the old columns, on each of its rows', () => {
    const s = session({ strict: true, strictTally: { blockedNavigations: 3, waitsStarted: 2, waitsAbandoned: 1, waitsGoneThrough: 1 } });
    const csv = segmentsCsv([s], [segment(s, { start: MONDAY, end: MONDAY + MIN })]);
    expect(csv.split('\r\n')[1]).toBe(
      `${s.key},Write the parser tests,2024-03-04T00:00:00.000Z,2024-03-04T00:01:00.000Z,60,ontask,github.com,,,,yes,3,2,1,1,0,`,
    );
  });

  it('adds how many of a session’s drifts ended in Save for later, on each of its rows', () => {
    const s = session();
    const saved = (episode: number) => mark(s, 'answer', { at: MONDAY, episode, choice: 'savedForLater' });
    const other = mark(s, 'answer', { at: MONDAY, episode: 3, choice: 'backToTask' });
    const csv = segmentsCsv([s], [segment(s, { start: MONDAY, end: MONDAY + MIN })], [saved(1), saved(2), other]);
    expect(csv.split('\r\n')[1]!.split(',').at(-2)).toBe('2');
  });

  it('adds what the session’s work involved last, on each of its rows (neutralised like any cell)', () => {
    const s = session({ involves: 'the vitest docs, a lecture' });
    const odd = session({ involves: '=HYPERLINK("x")' });
    const csv = segmentsCsv(
      [s, odd],
      [segment(s, { start: MONDAY, end: MONDAY + MIN }), segment(odd, { start: MONDAY + MIN, end: MONDAY + 2 * MIN })],
    );
    const [header, first, second] = csv.split('\r\n');
    expect(header!.split(',').at(-1)).toBe('involves');
    expect(first!.endsWith(',0,"the vitest docs, a lecture"')).toBe(true);
    expect(second!.endsWith(`,0,"'=HYPERLINK(""x"")"`)).toBe(true);
  });
});

function exportOf(over: Partial<HistoryExport> = {}): HistoryExport {
  const s = session();
  return {
    format: 'antidrift-history',
    version: 1,
    exportedAt: MONDAY,
    sessions: [s],
    segments: [segment(s, { start: MONDAY, end: MONDAY + MIN })],
    marks: [mark(s, 'nudge', { at: MONDAY, message: 'hi' })],
    reviews: [review(s, 'yes')],
    blocks: [],
    ...over,
  };
}

describe('history import check', () => {
  it('accepts an export and counts its records', () => {
    const file = exportOf();
    const checked = parseHistoryImport(JSON.stringify(file));
    expect(checked).toEqual({ ok: true, file, records: 4 });
  });

  it('reads sessions from before "Involves" with none, and keeps a session’s', () => {
    const file = exportOf({ sessions: [session({ involves: 'the vitest docs' })] });
    expect(parseHistoryImport(JSON.stringify(file))).toMatchObject({ ok: true, file: { sessions: [{ involves: 'the vitest docs' }] } });
    const { involves: _none, ...older } = file.sessions[0]!;
    expect(parseHistoryImport(JSON.stringify({ ...file, sessions: [older] }))).toMatchObject({
      ok: true,
      file: { sessions: [{ involves: '' }] },
    });
    const long = parseHistoryImport(JSON.stringify({ ...file, sessions: [{ ...older, involves: 'x'.repeat(501) }] }));
    expect(long.ok ? '' : long.error).toContain('sessions[0].involves: ');
  });

  it('reads a file from before the schedule (no blocks) and one with blocks', () => {
    const { blocks: _none, ...old } = exportOf();
    expect(parseHistoryImport(JSON.stringify(old))).toMatchObject({ ok: true, file: { blocks: [] }, records: 4 });
    const block = {
      key: 'b1@2024-03-04',
      blockId: 'b1',
      label: '09:00 Deep work',
      start: MONDAY,
      end: MONDAY + 60 * MIN,
      outcome: 'missed',
    };
    expect(parseHistoryImport(JSON.stringify(exportOf({ blocks: [block as never] })))).toMatchObject({ ok: true, records: 5 });
  });

  it('defaults missing reviews (older exports)', () => {
    const { reviews: _reviews, ...rest } = exportOf();
    const checked = parseHistoryImport(JSON.stringify(rest));
    expect(checked.ok && checked.file.reviews).toEqual([]);
  });

  it('says when the text is not JSON or not a history export', () => {
    expect(parseHistoryImport('{oops')).toEqual({ ok: false, error: 'the file is not valid JSON' });
    expect(parseHistoryImport('[]')).toEqual({ ok: false, error: 'the file is not an antidrift history export' });
    expect(parseHistoryImport(JSON.stringify({ version: 1, backend: null }))).toEqual({
      ok: false,
      error: 'the file is not an antidrift history export',
    });
  });

  it('names the first issues with their paths', () => {
    const file = exportOf();
    const bad = { ...file, version: 2, segments: [{ ...file.segments[0], kind: 'sleeping', end: -1 }] };
    const checked = parseHistoryImport(JSON.stringify(bad));
    expect(checked.ok).toBe(false);
    const error = checked.ok ? '' : checked.error;
    expect(error).toMatch(/^the file does not match the history format: /);
    expect(error).toContain('version: ');
    expect(error).toContain('segments[0].kind: ');
    expect(error).toContain('segments[0].end: ');
  });

  it('summarises many issues', () => {
    const file = exportOf();
    const bad = { ...file, sessions: Array.from({ length: 5 }, () => ({ key: '' })) };
    const checked = parseHistoryImport(JSON.stringify(bad));
    expect(checked.ok ? '' : checked.error).toMatch(/\(and \d+ more\)$/);
  });

  it('refuses a file with more records than one import may carry, before validating them', () => {
    const text = JSON.stringify({ ...exportOf(), marks: new Array(HISTORY_IMPORT_MAX_RECORDS).fill(0) });
    const checked = parseHistoryImport(text);
    expect(checked).toEqual({
      ok: false,
      error: `the file holds ${HISTORY_IMPORT_MAX_RECORDS + 3} records; at most ${HISTORY_IMPORT_MAX_RECORDS} can be imported at once`,
    });
  });
});

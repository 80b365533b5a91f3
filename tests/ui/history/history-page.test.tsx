// History page over a real HistoryDb on fake-indexeddb: totals, empty state, Block/Allow, exports, import merge, delete confirmation.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryPage } from '../../../entrypoints/focus-history/history-page';
import { strictWords } from '../../../entrypoints/focus-history/session-list';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';
import type { HistoryExport, HistoryWrite } from '../../../shared/history/history-records';
import type { Reply } from '../../../shared/messages/requests';
import { HistoryDb } from '../../../storage/history-db';
import { DAY, HOUR, MIN, mark, review, segment, session } from '../../support/history-records';
import { WEEKDAY_SHORT } from '../../../shared/plan/week';
import { fakeClient, renderWith } from '../fake-client';
import { T0 } from '../fixtures';

afterEach(cleanup);

let dbCount = 0;

/** Two ended sessions and a running one in the last three hours before T0 (inside "this week" in any zone). */
function seed() {
  const a = session({ startedAt: T0 - 3 * HOUR, endedAt: T0 - 2 * HOUR, lastSeenAt: T0 - 2 * HOUR, nextAction: 'Write the report' });
  const b = session({ startedAt: T0 - 2 * HOUR + 10 * MIN, endedAt: T0 - HOUR, lastSeenAt: T0 - HOUR, nextAction: 'Fix the bug' });
  const running = session({ startedAt: T0 - 30 * MIN, endedAt: null, endReason: null, lastSeenAt: T0 - 5_000, nextAction: 'Review PRs' });
  const segments = [
    segment(a, { start: a.startedAt, end: a.startedAt + 40 * MIN }),
    segment(a, {
      start: a.startedAt + 40 * MIN,
      end: a.startedAt + 55 * MIN,
      kind: 'drifting',
      place: 'youtube.com',
      cause: 'judged',
      reason: 'video',
    }),
    segment(a, { start: a.startedAt + 55 * MIN, end: a.endedAt!, kind: 'away', place: '', source: null }),
    segment(b, { start: b.startedAt, end: b.startedAt + 50 * MIN }),
    segment(running, { start: running.startedAt, end: T0 - 5_000 }),
  ];
  const marks = [
    mark(a, 'drift', { at: a.startedAt + 40 * MIN, episode: 1, place: 'youtube.com', cause: 'judged', reason: 'video' }),
    mark(a, 'nudge', { at: a.startedAt + 10 * MIN, message: 'keep going' }),
    mark(a, 'call', { at: a.startedAt + 40 * MIN, role: 'judge', backend: 'claude', ok: true }),
    mark(b, 'call', { at: b.startedAt + MIN, role: 'judge', backend: 'claude', ok: false }),
  ];
  return { sessions: [a, b, running], segments, marks, reviews: [review(a, 'yes'), review(b, 'partly')] };
}

async function openDb(data: ReturnType<typeof seed> | null): Promise<HistoryDb> {
  const db = await HistoryDb.open(`history-test-${++dbCount}`);
  if (data) {
    const writes: HistoryWrite[] = [
      ...data.sessions.map((record) => ({ store: 'sessions' as const, record })),
      ...data.segments.map((record) => ({ store: 'segments' as const, record })),
      ...data.marks.map((record) => ({ store: 'marks' as const, record })),
    ];
    await db.put(writes);
    for (const r of data.reviews) await db.saveReview(r);
  }
  return db;
}

async function page(
  data: ReturnType<typeof seed> | null = seed(),
  settings: Settings = { ...defaultSettings(), allowed: ['youtube.com'] },
) {
  const db = await openDb(data);
  const downloads: { name: string; blob: Blob }[] = [];
  const fake = fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: settings }),
    saveSettings: (req): Reply<'saveSettings'> => ({ ok: true, value: req.settings as Settings }),
  });
  renderWith(fake.client, <HistoryPage source={db} download={(name, blob) => downloads.push({ name, blob })} />);
  await screen.findByRole('heading', { level: 1, name: 'antidrift history' });
  if (data) await screen.findByTestId('total-focused');
  else await screen.findByTestId('empty-state');
  return { db, fake, downloads };
}

const total = (id: string) => within(screen.getByTestId(`total-${id}`)).getByRole('definition').textContent;

describe('history page', () => {
  it('shows the week’s totals, its sessions newest first, and the running session up to now', async () => {
    await page();
    expect(total('focused')).toBe('2 h 00 min'); // 40 + 50 + 30 (the running one, extended to now)
    expect(total('drift')).toBe('15 min');
    expect(total('away')).toBe('5 min');
    expect(total('sessions')).toBe('3');
    expect(total('met')).toBe('1 of 2');
    expect(screen.getAllByText(/“partly” counts as reviewed, not met/)).toHaveLength(1);
    const sessions = screen.getAllByTestId('session');
    expect(sessions.map((s) => within(s).getByRole('heading').textContent)).toEqual(['Review PRs', 'Fix the bug', 'Write the report']);
    expect(within(sessions[2]!).getByTestId('session-review').textContent).toBe('Success condition met');
    expect(within(sessions[1]!).getByTestId('session-review').textContent).toBe('Success condition partly met');
    const drift = within(sessions[2]!)
      .getAllByTestId('segment')
      .find((s) => s.getAttribute('aria-label')?.startsWith('drifting · youtube.com · '));
    expect(drift?.getAttribute('tabindex')).toBe('0');
    // The person's own clock (12- or 24-hour, as their locale says), the same one the popup uses.
    expect(drift?.querySelector('title')?.textContent).toMatch(/^drifting · youtube\.com · \d\d:\d\d( [AP]M)?–\d\d:\d\d( [AP]M)?$/);
    expect(screen.getAllByTestId('day-bar').length).toBeGreaterThan(0);
    expect(screen.getByTestId('day-chart').getAttribute('aria-label')).toMatch(/2 h 00 min focused, 15 min drifting in all/);
    const cost = screen.getAllByTestId('cost-row');
    expect(cost.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Drift judge', 'claude', '2', '1', expect.any(String), expect.any(String)],
    ]);
  });

  it('shows what a session’s work involved under its title, and nothing for one that did not say', async () => {
    const data = seed();
    data.sessions[1] = { ...data.sessions[1]!, involves: 'the vitest docs, our parser’s GitHub issues' };
    await page(data);
    const [running, fixBug, report] = screen.getAllByTestId('session');
    expect(within(fixBug!).getByTestId('session-involves').textContent).toBe('Involves: the vitest docs, our parser’s GitHub issues');
    // Right under the title, before the times.
    expect(within(fixBug!).getByRole('heading').nextElementSibling).toBe(within(fixBug!).getByTestId('session-involves'));
    expect(within(running!).queryByTestId('session-involves')).toBeNull();
    expect(within(report!).queryByTestId('session-involves')).toBeNull();
  });

  it('shows breaks as their own total, band and legend entry', async () => {
    const data = seed();
    const b = data.sessions[1]!;
    data.segments.push(segment(b, { start: b.startedAt + 50 * MIN, end: b.startedAt + 60 * MIN, kind: 'break', place: '', source: null }));
    await page(data);
    expect(total('break')).toBe('10 min');
    expect(total('focused')).toBe('2 h 00 min');
    const fixBug = screen.getAllByTestId('session')[1]!;
    const band = within(fixBug)
      .getAllByTestId('segment')
      .find((s) => s.getAttribute('aria-label')?.startsWith('break · '));
    expect(band?.getAttribute('class')).toBe('kind-break');
    expect(screen.getByRole('list', { name: 'Timeline colours' }).textContent).toContain('break');
    expect(fixBug.textContent).toContain('10 min on breaks');
  });

  it('marks a strict session and says its tally in words; an ordinary one has neither', async () => {
    const data = seed();
    data.sessions[1] = {
      ...data.sessions[1]!,
      strict: true,
      strictTally: { blockedNavigations: 3, waitsStarted: 2, waitsAbandoned: 1, waitsGoneThrough: 1 },
    };
    await page(data);
    const [running, fixBug, report] = screen.getAllByTestId('session');
    expect(within(fixBug!).getByTestId('session-strict').textContent).toBe('Strict');
    expect(within(fixBug!).getByTestId('strict-tally').textContent).toBe('3 blocked visits · 2 waits: 1 kept going, 1 went ahead');
    for (const plain of [running!, report!]) expect(within(plain).queryByTestId('session-strict')).toBeNull();
  });

  it('words a tally with one of each, or with no waits', () => {
    expect(strictWords({ blockedNavigations: 1, waitsStarted: 0, waitsAbandoned: 0, waitsGoneThrough: 0 })).toBe(
      '1 blocked visit · no waits',
    );
    expect(strictWords({ blockedNavigations: 0, waitsStarted: 1, waitsAbandoned: 1, waitsGoneThrough: 0 })).toBe(
      '0 blocked visits · 1 wait: 1 kept going',
    );
  });

  it('shows the empty state without history', async () => {
    await page(null);
    expect(screen.getByTestId('empty-state').textContent).toMatch(/^No sessions yet…/);
    expect(screen.queryByTestId('total-focused')).toBeNull();
  });

  it('Block adds the place to the blocked list (and off the allowed one) and confirms', async () => {
    const { fake } = await page();
    fireEvent.click(screen.getAllByRole('button', { name: 'Block youtube.com' })[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('pulls-result').textContent).toBe(
        'Added youtube.com to the blocked list (and took it off the allowed list). New sessions start with it.',
      ),
    );
    expect(fake.sent('getSettings')).toHaveLength(1);
    const saved = fake.sent('saveSettings')[0]!.settings as Settings;
    expect(saved.blocked).toEqual(['youtube.com']);
    expect(saved.allowed).toEqual([]);
  });

  it('Allow adds the place to the allowed list; a place already there is only reported', async () => {
    const { fake } = await page(seed(), { ...defaultSettings() });
    fireEvent.click(screen.getAllByRole('button', { name: 'Allow youtube.com' })[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('pulls-result').textContent).toBe('Added youtube.com to the allowed list. New sessions start with it.'),
    );
    expect((fake.sent('saveSettings')[0]!.settings as Settings).allowed).toEqual(['youtube.com']);
    cleanup();
    const second = await page();
    fireEvent.click(screen.getAllByRole('button', { name: 'Allow youtube.com' })[0]!);
    await waitFor(() => expect(screen.getByTestId('pulls-result').textContent).toBe('youtube.com is already on the allowed list.'));
    expect(second.fake.sent('saveSettings')).toHaveLength(0);
  });

  it('exports all history as JSON and as CSV', async () => {
    const { downloads } = await page();
    fireEvent.click(screen.getByTestId('export-json'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^antidrift-history-\d{4}-\d\d-\d\d\.json$/);
    const file = JSON.parse(await downloads[0]!.blob.text()) as HistoryExport;
    expect([file.format, file.sessions.length, file.segments.length, file.marks.length, file.reviews.length]).toEqual([
      'antidrift-history',
      3,
      5,
      4,
      2,
    ]);
    fireEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.name).toMatch(/\.csv$/);
    const lines = (await downloads[1]!.blob.text()).split('\r\n');
    expect(lines[0]).toBe(
      'session,next action,start,end,duration seconds,kind,place,title,cause,reason,strict,blocked visits,waits started,waits kept going,waits gone through,saved for later,involves',
    );
    expect(lines).toHaveLength(7);
    expect(screen.getByTestId('data-result').textContent).toMatch(/^Exported 3 sessions to antidrift-history-.*\.csv\.$/);
  });

  it('imports a file: merges without duplicates and says how many were added', async () => {
    const { db } = await page();
    const mine = await db.exportAll(T0);
    const other = seed();
    const file: HistoryExport = {
      ...mine,
      sessions: [...mine.sessions, other.sessions[0]!],
      segments: [...mine.segments, ...other.segments.slice(0, 3)],
    };
    fireEvent.change(screen.getByTestId('import-history'), { target: { files: [new File([JSON.stringify(file)], 'h.json')] } });
    await waitFor(() => expect(screen.getByTestId('data-result').textContent).toBe('Added 4 records, 14 already here.'));
    await waitFor(() => expect(total('sessions')).toBe('4'));
  });

  it('refuses a damaged file and says where', async () => {
    await page();
    const bad = JSON.stringify({
      format: 'antidrift-history',
      version: 1,
      exportedAt: 0,
      sessions: [{ key: 'x' }],
      segments: [],
      marks: [],
    });
    fireEvent.change(screen.getByTestId('import-history'), { target: { files: [new File([bad], 'h.json')] } });
    await waitFor(() =>
      expect(screen.getByTestId('data-result').textContent).toMatch(/^Not imported: .*sessions\[0\]\.nextAction: .*Nothing was changed\.$/),
    );
  });

  it('deletes the shown range only after an inline confirmation with the count, keeping the running session', async () => {
    const { db } = await page();
    fireEvent.click(screen.getByTestId('range-week'));
    await screen.findByRole('heading', { name: 'Totals this week' });
    fireEvent.click(screen.getByTestId('delete-range'));
    const confirm = await screen.findByTestId('delete-confirm');
    expect(confirm.textContent).toMatch(/^Delete 2 sessions that started this week\? This cannot be undone\./);
    fireEvent.click(within(confirm).getByTestId('delete-cancel'));
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
    expect((await db.exportAll(T0)).sessions).toHaveLength(3);

    fireEvent.click(screen.getByTestId('delete-all'));
    const again = await screen.findByTestId('delete-confirm');
    expect(again.textContent).toMatch(/^Delete 2 sessions \(all your history\)\?/);
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByTestId('delete-confirm-yes')));
    fireEvent.click(within(again).getByTestId('delete-confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('data-result').textContent).toBe('Deleted 2 sessions.'));
    await waitFor(() => expect(total('sessions')).toBe('1'));
    expect((await db.exportAll(T0)).sessions.map((s) => s.nextAction)).toEqual(['Review PRs']);
  });

  it('opens on today, and switches to this week and to a chosen range', async () => {
    await page();
    expect(screen.getAllByRole('heading', { name: 'Totals today' })).toHaveLength(1);
    expect((screen.getByTestId('range-today') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('range-week'));
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'Totals this week' })).toHaveLength(1));
    fireEvent.click(screen.getByTestId('range-custom'));
    const from = (await screen.findByLabelText('From')) as HTMLInputElement;
    expect((screen.getByLabelText('To') as HTMLInputElement).type).toBe('date');
    fireEvent.change(from, { target: { value: '2020-01-01' } });
    await waitFor(() => expect(screen.getAllByRole('heading', { name: /^Totals 2020-01-01 to / })).toHaveLength(1));
  });
});

describe('history page accessibility', () => {
  // axe over the whole page in happy-dom: about a second alone, over six beside npm test's builds (vitest's 5 s failed once).
  it('has no axe-core violations (colour contrast is checked in a real browser, not here)', { timeout: 30_000 }, async () => {
    await page();
    fireEvent.click(screen.getByTestId('delete-range'));
    await screen.findByTestId('delete-confirm');
    const axe = (await import('axe-core')).default;
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('history database range', () => {
  it('includes a segment that began before the range and reaches into it, not one that ended before', async () => {
    const s = session({ startedAt: T0 - 2 * HOUR, endedAt: T0 + HOUR, lastSeenAt: T0 + HOUR });
    const before = segment(s, { start: T0 - 2 * HOUR, end: T0 - HOUR });
    const across = segment(s, { start: T0 - HOUR, end: T0 + 10 * MIN, kind: 'drifting', place: 'x.com' });
    const inside = segment(s, { start: T0 + 10 * MIN, end: T0 + HOUR });
    const db = await openDb({ sessions: [s], segments: [before, across, inside], marks: [], reviews: [] });
    const range = await db.range(T0, T0 + DAY);
    expect(range.segments.map((g) => g.key).sort()).toEqual([across.key, inside.key].sort());
    expect(range.sessions.map((x) => x.key)).toEqual([s.key]);
  });
});

describe('history: scheduled blocks', () => {
  it('lists the range’s missed and skipped blocks, not the started ones', async () => {
    const db = await openDb(seed());
    const day = WEEKDAY_SHORT[new Date(T0 - HOUR).getDay()];
    const block = { blockId: 'b1', start: T0 - HOUR, end: T0 - HOUR + 30 * MIN };
    await db.saveBlock({ ...block, key: 'b1@x', label: '21:13 Deep work', outcome: 'missed' });
    await db.saveBlock({ ...block, key: 'b2@x', blockId: 'b2', label: '21:20 Reading', outcome: 'skipped' });
    await db.saveBlock({ ...block, key: 'b3@x', blockId: 'b3', label: '20:00 Mail', outcome: 'started' });
    const fake = fakeClient({ getSettings: (): Reply<'getSettings'> => ({ ok: true, value: defaultSettings() }) });
    renderWith(fake.client, <HistoryPage source={db} download={() => {}} />);
    expect((await screen.findByTestId('blocks-missed')).textContent).toBe(`Missed: 21:13 Deep work (${day})`);
    expect(screen.getByTestId('blocks-skipped').textContent).toBe(`Skipped: 21:20 Reading (${day})`);
    expect(screen.getByTestId('missed-blocks').textContent).not.toContain('Mail');
  });
});

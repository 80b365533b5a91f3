// E2E: a recorded session in real Chromium — blocked drift, judged drift, heads-up, real idle time — ended with a review, then History.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { span } from '../../entrypoints/focus-history/format';
import { HistoryExport, type HistorySegment } from '../../shared/history/history-records';
import { e2eForSuite, startSession, type E2E } from './harness';
import { Toast } from './pages';
import { axeViolations } from './axe';
import { generateYear } from '../../harness/history-year';

const LEXERS = 'You seem to be reading about lexers, not writing parser tests.';

/** The time of one kind from `from` on: the page shows this week, from Monday, so a run across Sunday's midnight counts only Monday's part. */
const sum = (segments: HistorySegment[], kind: HistorySegment['kind'], from: number) =>
  segments.filter((s) => s.kind === kind).reduce((total, s) => total + Math.max(0, s.end - Math.max(s.start, from)), 0);

/** Local Monday 00:00 of the week holding `at` (the test and the browser share the machine's time zone). */
function mondayOf(at: number): number {
  const day = new Date(at);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day.getTime();
}

async function configure(e2e: E2E): Promise<void> {
  const options = await e2e.options();
  await options.byId('nudge-interval').fill('0.25');
  // chrome.idle's shortest threshold: the test's person needs to sit still only 15 s to be away.
  await options.byId('away-after').fill('15');
  await options.save();
  await options.page.close();
}

async function drift(e2e: E2E, site: Page, back: Page): Promise<void> {
  await site.bringToFront();
  await e2e.expectBadge('!', 15_000);
  const toast = new Toast(site);
  await toast.expectTier('drift');
  await toast.click('drift-back');
  await back.bringToFront();
  await e2e.expectBadge('ON');
}

describe('history of a real session', () => {
  const e2e = e2eForSuite();

  // Idle is real here (the one real-idle test): up to a minute of sitting still under a loaded machine.
  it('records drifts, a heads-up and away time; the review and History show them; export and delete', { timeout: 180_000 }, async () => {
    await configure(e2e());
    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: ['videos.test'] });
    await e2e().expectBadge('ON');

    // A blocked site, then an unlisted one the (fake) judge calls a drift; Back to task each time.
    await drift(e2e(), await e2e().openSite('videos.test', 'Funny cats'), docs);
    await drift(e2e(), await e2e().openSite('news.test', 'Headlines of the day'), docs);

    // A heads-up on the allowed site, dismissed. An earlier on-track answer may have doubled the wait (to 30 s):
    // the extension's clock passes it (nudge.test.ts waits for the nudge's real alarm), so only idle below waits real time.
    await docs.evaluate(() => (document.title = 'Lexer generators compared'));
    const nudge = new Toast(docs);
    // Each poll moves the clock past the longest wait, so a move made before the new title was seen is made again.
    await expect
      .poll(async () => (await nudge.tier()) ?? void (await e2e().advanceClock(31_000)), { timeout: 30_000, interval: 2_000 })
      .toBe('nudge');
    expect(await nudge.text('nudge-message')).toBe(LEXERS);
    await nudge.click('nudge-dismiss');
    await nudge.expectTier(null);

    // Nobody touches anything: after 15 s chrome.idle (X screensaver idle time on Xvfb) says idle.
    e2e().presence(false);
    const popup = await e2e().popup();
    await expect.poll(() => popup.status(), { timeout: 45_000, interval: 500 }).toBe('Away');
    await e2e().nudgePointer();
    e2e().presence(true);
    await expect.poll(() => popup.status(), { timeout: 20_000, interval: 250 }).toBe('On task');
    await expect
      .poll(
        () =>
          popup
            .byId('drifted')
            .textContent()
            .catch(() => ''),
        { timeout: 35_000 },
      )
      .toMatch(/^(\d+ s|\d+ min|\d+ h \d+ min)$/);
    expect(await popup.byId('last-drift').textContent()).toBe('news.test');

    // End, then answer the review in the same popup.
    await popup.byId('end-session').click();
    const question = popup.page.getByRole('heading', { name: /^Did you meet: All tests in parser\.test\.ts pass\?$/ });
    await question.waitFor();
    expect(await axeViolations(popup.page)).toEqual([]);
    await e2e().screenshot(popup.page, 'popup-review', popup.frame());
    await popup.byId('review-note').fill('lexer tests still missing');
    await popup.byId('review-yes').click();
    await popup.byId('review').waitFor({ state: 'detached' });
    await popup.page.close();

    const history = await e2e().history();
    const file = HistoryExport.parse(JSON.parse(await history.download('export-json')));
    expect(file.sessions).toMatchObject([{ nextAction: 'Write the parser tests', endReason: 'ended' }]);
    expect(file.reviews).toMatchObject([{ answer: 'yes', note: 'lexer tests still missing' }]);
    const drifts = file.segments.filter((s) => s.kind === 'drifting').map((s) => `${s.place}:${s.cause}`);
    expect(drifts).toEqual(['videos.test:blocked', 'news.test:judged']);
    const away = file.segments.filter((s) => s.kind === 'away');
    expect(away).toHaveLength(1);
    // Idle is noticed 15 s after the last input, and the segment reaches back to it.
    expect(away[0]!.end - away[0]!.start).toBeGreaterThanOrEqual(15_000);
    expect(file.marks.filter((m) => m.type === 'answer').map((m) => m.type === 'answer' && m.choice)).toEqual(['backToTask', 'backToTask']);
    expect(file.marks.filter((m) => m.type === 'nudge')).toMatchObject([{ message: LEXERS }]);
    expect(file.marks.filter((m) => m.type === 'nudgeDismissed')).toHaveLength(1);
    expect(
      file.marks.filter((m) => m.type === 'call' && m.role === 'judge' && m.backend === 'claude' && m.ok).length,
    ).toBeGreaterThanOrEqual(1);

    // The page's numbers are the records' numbers, for the week the page shows (its clock is the extension's).
    const shownFrom = mondayOf(await e2e().extensionNow());
    expect(await history.total('focused')).toBe(span(sum(file.segments, 'ontask', shownFrom)));
    expect(await history.total('drift')).toBe(span(sum(file.segments, 'drifting', shownFrom)));
    expect(await history.total('away')).toBe(span(sum(file.segments, 'away', shownFrom)));
    expect(await history.total('sessions')).toBe('1');
    expect(await history.total('met')).toBe('1 of 1');
    expect(await history.places()).toEqual(expect.arrayContaining(['videos.test', 'news.test']));
    expect(await history.byId('session-review').textContent()).toMatch(/met/);
    expect(await history.byId('segment').count()).toBeGreaterThanOrEqual(4);

    const csv = (await history.download('export-csv')).trim().split('\n');
    expect(csv).toHaveLength(file.segments.length + 1);
    expect(csv.some((row) => row.includes('videos.test') && row.includes('drifting'))).toBe(true);

    expect(await axeViolations(history.page)).toEqual([]);

    await history.byId('delete-all').click();
    await history.byId('delete-confirm-yes').click();
    await history.byId('empty-state').waitFor();
    const emptied = HistoryExport.parse(JSON.parse(await history.download('export-json')));
    expect(emptied.sessions).toEqual([]);
    expect(emptied.segments).toEqual([]);

    // A week exported elsewhere comes back through Import; importing it twice adds nothing.
    const week = generateYear(Date.now(), 5, 11, 7);
    const path = join(mkdtempSync(join(tmpdir(), 'antidrift-import-')), 'week.json');
    writeFileSync(path, JSON.stringify({ format: 'antidrift-history', version: 1, exportedAt: Date.now(), ...week }));
    const records = week.sessions.length + week.segments.length + week.marks.length + week.reviews.length;
    await history.byId('import-history').setInputFiles(path);
    await expect
      .poll(() => history.byId('data-result').textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^Added ${records} records`));
    await history.byId('import-history').setInputFiles([]);
    await history.byId('import-history').setInputFiles(path);
    await expect.poll(() => history.byId('data-result').textContent(), { timeout: 30_000 }).toMatch(/^Added 0 records/);
    await history.byId('range-week').click();
    await history.page.getByRole('heading', { name: 'Totals this week' }).waitFor();
    await history.page.setViewportSize({ width: 1100, height: 1500 });
    await history.page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(history.page)).toEqual([]);
    await e2e().screenshot(history.page, 'history');
    await history.page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(history.page)).toEqual([]);
    await e2e().screenshot(history.page, 'history-dark');
  });
});

// Section 8, history: the History page's first view over a year of history, and what IndexedDB holds per session hour, in real Chromium.
import type { Page } from 'playwright-core';
import { EXTENSION_ORIGIN, type ExtensionBrowser } from '../../harness/chromium';
import { benchProfile } from './bench-profile';
import { HISTORY_DB_NAME, HISTORY_DB_VERSION } from '../../storage/history-db';
import { HISTORY_FIRST_VIEW_MARK, HISTORY_VIEW_MARK } from '../../ui/first-state-mark';
import { generateYear } from '../../harness/history-year';
import { round, summarize, type Summary } from './stats';

export interface HistoryBenchResult {
  sessions: number;
  segments: number;
  marks: number;
  sessionHours: number;
  /** Navigation start → first view (Today) drawn, and of which ours (HTML parsed → first view). */
  firstViewMs: Summary;
  ownMs: Summary;
  /** Clicking "This week" → the week's view drawn (read, summarised, rendered). */
  weekMs: Summary;
  /** Chromium's own accounting of the origin's storage (IndexedDB on disk) after the year was written. */
  storedBytes: number;
  bytesPerSessionHour: number;
  seedSeconds: number;
}

const CHUNK = 20_000;

/** Page-side: waits for the first-view mark; returns it and domInteractive (ms from navigation start). */
const READ_MARK = `new Promise((resolve, reject) => {
  const deadline = performance.now() + 30000;
  const poll = () => {
    const mark = performance.getEntriesByName(${JSON.stringify(HISTORY_FIRST_VIEW_MARK)})[0];
    if (mark) {
      const nav = performance.getEntriesByType('navigation')[0];
      resolve({ total: mark.startTime, own: mark.startTime - nav.domInteractive });
    } else if (performance.now() > deadline) reject(new Error('the History page never drew its first view'));
    else setTimeout(poll, 5);
  };
  poll();
})`;

/** Page-side: clicks "This week" and waits until its totals are drawn; ms from the click. */
const SWITCH_TO_WEEK = `new Promise((resolve, reject) => {
  const start = performance.now();
  document.querySelector('[data-testid="range-week"]').click();
  const poll = () => {
    const drawn = performance.getEntriesByName(${JSON.stringify(HISTORY_VIEW_MARK)}).find((m) => m.detail === 'this week' && m.startTime > start);
    if (drawn) resolve(drawn.startTime - start);
    else if (performance.now() - start > 30000) reject(new Error('the week view never showed'));
    else setTimeout(poll, 2);
  };
  poll();
})`;

/** Writes records straight into the extension's database (the page created its schema) in large transactions. */
async function seed(page: Page, store: string, records: readonly unknown[]): Promise<void> {
  for (let i = 0; i < records.length; i += CHUNK) {
    await page.evaluate(
      ({ name, version, store, batch }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name, version);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(store, 'readwrite');
            for (const record of batch) tx.objectStore(store).put(record);
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { name: HISTORY_DB_NAME, version: HISTORY_DB_VERSION, store, batch: records.slice(i, i + CHUNK) },
    );
  }
}

export async function benchHistory(opts: { opens: number; days: number }): Promise<HistoryBenchResult> {
  const profile = await benchProfile('history');
  let browser: ExtensionBrowser | undefined;
  try {
    browser = await profile.launch();
    await browser.serviceWorker();
    const year = generateYear(Date.now(), undefined, undefined, opts.days);
    const page = await browser.context.newPage();
    await page.goto(`${EXTENSION_ORIGIN}/focus-history.html`);
    await page.evaluate(READ_MARK);
    const before = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0));
    const seeding = performance.now();
    await seed(page, 'sessions', year.sessions);
    await seed(page, 'segments', year.segments);
    await seed(page, 'marks', year.marks);
    await seed(page, 'reviews', year.reviews);
    const seedSeconds = round((performance.now() - seeding) / 1000, 1);
    const after = await page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0));
    await page.close();

    const total: number[] = [];
    const own: number[] = [];
    const week: number[] = [];
    for (let i = 0; i < opts.opens; i++) {
      const p = await browser.context.newPage();
      await p.goto(`${EXTENSION_ORIGIN}/focus-history.html`);
      const sample = (await p.evaluate(READ_MARK)) as { total: number; own: number };
      total.push(sample.total);
      own.push(sample.own);
      week.push((await p.evaluate(SWITCH_TO_WEEK)) as number);
      await p.close();
    }
    const storedBytes = Math.max(0, after - before);
    return {
      sessions: year.sessions.length,
      segments: year.segments.length,
      marks: year.marks.length,
      sessionHours: round(year.sessionHours, 0),
      firstViewMs: summarize(total),
      ownMs: summarize(own),
      weekMs: summarize(week),
      storedBytes,
      bytesPerSessionHour: round(storedBytes / year.sessionHours, 0),
      seedSeconds,
    };
  } finally {
    await browser?.close();
    await profile.dispose();
  }
}

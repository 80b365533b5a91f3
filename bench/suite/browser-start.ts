// Section 2s, browser start: Chromium launched on a profile with a running session → the session restored and the badge shown.
import { benchProfile, startBenchSession } from './bench-profile';
import { sleep, summarize, wallNow, type Summary } from './stats';

export interface BrowserStartResult {
  /** Launch → the extension's service worker runs (Playwright sees it). */
  workerMs: Summary;
  /** The first tab (an allowed site) has loaded → the badge shows `ON` for it: the restored session at work. */
  badgeAfterTabMs: Summary;
  /** Launch → that badge. */
  totalMs: Summary;
}

export async function benchBrowserStart(opts: { launches: number }): Promise<BrowserStartResult> {
  const profile = await benchProfile('start');
  const { server } = profile;
  const worker: number[] = [];
  const afterTab: number[] = [];
  const total: number[] = [];
  try {
    const first = await profile.launch();
    await startBenchSession(await first.context.newPage(), 'focus-history.html', {
      nextAction: 'Benchmark the browser start',
      successCondition: 'every start measured',
      allowed: ['docs.test'],
      blocked: ['videos.test'],
    });
    await first.close();
    for (let i = 0; i < opts.launches + 1; i++) {
      const started = wallNow();
      const browser = await profile.launch();
      try {
        const sw = await browser.serviceWorker();
        const running = wallNow();
        const docs = await browser.context.newPage();
        await docs.goto(server.url('docs.test', `Parser reference ${i}`));
        const shown = wallNow();
        for (let n = 0; (await sw.evaluate(() => chrome.action.getBadgeText({}))) !== 'ON'; n++) {
          if (n > 2_000) throw new Error('the badge never showed ON after the browser started');
          await sleep(2);
        }
        const badge = wallNow();
        // The first launch after the session started pays for the profile's first-run work: not measured.
        if (i === 0) continue;
        worker.push(running - started);
        afterTab.push(badge - shown);
        total.push(badge - started);
      } finally {
        await browser.close();
      }
    }
    return { workerMs: summarize(worker), badgeAfterTabMs: summarize(afterTab), totalMs: summarize(total) };
  } finally {
    await profile.dispose();
  }
}

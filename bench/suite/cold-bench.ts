// Section 2c, cold paths: tab switch → badge with the service worker stopped first, and the worker's start-up split, in real Chromium.
import type { CDPSession } from 'playwright-core';
import { WORKER_MARKS } from '../../background/start-marks';
import { EXTENSION_ORIGIN, type ExtensionBrowser } from '../../harness/chromium';
import { armSpin, badgeText, clockOffset, spinResult, type ExtensionContext } from './badge-bench';
import { benchProfile, startBenchSession } from './bench-profile';
import { sleep, summarize, wallNow, type Summary } from './stats';

export interface ColdResult {
  /** From the switch command returning to the badge changing, the worker stopped before each switch. */
  toAllowedMs: Summary;
  toBlockedMs: Summary;
  /** The woken worker's start, from its own time origin: bundle evaluated, wiring done, storage hydrated. */
  evaluatedMs: Summary;
  wiredMs: Summary;
  hydratedMs: Summary;
  /** From hydrated to the badge showing the new tab's verdict (the first evaluation and the paint). */
  afterHydrationMs: Summary;
}

/** The service worker's version over CDP: stopped on demand, its running status followed. */
class WorkerControl {
  versionId: string | undefined;
  status = '';

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(EXTENSION_ORIGIN)) continue;
        this.versionId = v.versionId;
        this.status = v.runningStatus;
      }
    });
  }

  static async attach(cdp: CDPSession): Promise<WorkerControl> {
    const control = new WorkerControl(cdp);
    await cdp.send('ServiceWorker.enable');
    for (let i = 0; i < 500 && !control.versionId; i++) await sleep(10);
    if (!control.versionId) throw new Error('no service worker version seen');
    return control;
  }

  async stop(): Promise<void> {
    await this.cdp.send('ServiceWorker.stopWorker', { versionId: this.versionId! });
    for (let i = 0; i < 1000 && this.status !== 'stopped'; i++) await sleep(5);
    if (this.status !== 'stopped') throw new Error('the service worker did not stop');
  }
}

export async function benchCold(opts: { switches: number }): Promise<ColdResult> {
  const profile = await benchProfile('cold');
  const { server } = profile;
  let browser: ExtensionBrowser | undefined;
  try {
    browser = await profile.launch();
    // The spin runs in an extension page with no port to the worker (History opens none), so it does not wake it.
    const spin = await browser.context.newPage();
    await startBenchSession(spin, 'focus-history.html', {
      nextAction: 'Benchmark the cold badge',
      successCondition: 'every switch measured',
      allowed: ['docs.test'],
      blocked: ['videos.test'],
    });
    const docs = await browser.context.newPage();
    await docs.goto(server.url('docs.test', 'Parser reference'));
    const videos = await browser.context.newPage();
    await videos.goto(server.url('videos.test', 'Cat videos'));
    const control = await WorkerControl.attach(await browser.context.newCDPSession(docs));
    // The badge is polled from that page: the worker is stopped, nothing can spin there.
    const page: ExtensionContext = { evaluate: (fn, arg) => spin.evaluate(fn as never, arg) };
    const { offset } = await clockOffset(page);
    const targets = [
      { expect: 'ON', page: docs },
      { expect: '!', page: videos },
    ];
    const out = new Map<string, number[]>(targets.map((t) => [t.expect, []]));
    const evaluated: number[] = [];
    const wired: number[] = [];
    const hydrated: number[] = [];
    const afterHydration: number[] = [];
    await videos.bringToFront();
    await sleep(300);
    const warmUp = 2;
    for (let i = 0; i < opts.switches * 2 + warmUp; i++) {
      const target = targets[i % 2]!;
      const prev = await badgeText(page);
      if (prev === target.expect) throw new Error(`badge already "${prev}" before switching`);
      await control.stop();
      await armSpin(page, prev);
      await target.page.bringToFront();
      const returned = wallNow();
      const result = await spinResult(page);
      if (result.timeout || result.text !== target.expect)
        throw new Error(`cold switch: badge "${prev}" → "${result.text ?? 'unchanged'}", expected "${target.expect}"`);
      const worker = await browser.serviceWorker();
      const marks = await worker.evaluate((names) => {
        const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
        return { origin: performance.timeOrigin, evaluated: at(names.evaluated), wired: at(names.wired), hydrated: at(names.hydrated) };
      }, WORKER_MARKS);
      // Wakes are at least 30 s apart in real use: let this wake's host finish starting before the next one.
      await sleep(1_500);
      if (i < warmUp) continue;
      // The page's clock is aligned to ours by `offset`; the worker and the page share the browser's clock.
      out.get(target.expect)!.push(Math.max(0, result.at! - offset - returned));
      evaluated.push(marks.evaluated);
      wired.push(marks.wired);
      hydrated.push(marks.hydrated);
      afterHydration.push(result.at! - (marks.origin + marks.hydrated));
    }
    return {
      toAllowedMs: summarize(out.get('ON')!),
      toBlockedMs: summarize(out.get('!')!),
      evaluatedMs: summarize(evaluated),
      wiredMs: summarize(wired),
      hydratedMs: summarize(hydrated),
      afterHydrationMs: summarize(afterHydration),
    };
  } finally {
    await browser?.close();
    await profile.dispose();
  }
}

// Section 2c, cold paths: tab switch → badge with the service worker stopped first (to tabs seen before and to a first look), the worker's start-up split, and the same for an empty extension (the floor), in real Chromium.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { WORKER_MARKS } from '../../background/start-marks';
import {
  EXTENSION_DIR,
  EXTENSION_ORIGIN,
  launchExtensionBrowser,
  startPageServer,
  type ExtensionBrowser,
  type PageServer,
} from '../../harness/chromium';
import type { BaselineBuild } from './baseline-build';
import { armSpin, badgeText, clockOffset, spinResult, type ExtensionContext } from './badge-bench';
import { benchProfile, startBenchSession } from './bench-profile';
import { sleep, summarize, wallNow, type Summary } from './stats';

export interface ColdResult {
  /**
   * From the switch command returning to the badge the new tab shows being its verdict, the worker stopped
   * before each switch: to tabs seen before in the session (0 when the tab's own badge was already right).
   */
  toAllowedMs: Summary;
  toBlockedMs: Summary;
  /** The same to a tab opened in the background and never looked at: the worker's whole path to the badge. */
  firstLook: { toAllowedMs: Summary; toBlockedMs: Summary };
  /** The woken worker's start (first looks), from its own time origin: bundle evaluated, wiring done, storage hydrated. */
  evaluatedMs: Summary;
  wiredMs: Summary;
  hydratedMs: Summary;
  /** From hydrated to the badge showing the new tab's verdict (first looks: the first evaluation and the paint). */
  afterHydrationMs: Summary;
  /** The floor: an empty MV3 extension whose worker, woken by the same switch, sets the badge from the tab's address. */
  floor: { toAllowedMs: Summary; toBlockedMs: Summary };
  /** The same floor carrying our worker's bundle as a function it never calls: what our bytes cost before any of them runs. */
  floorWithOurBytes: { toAllowedMs: Summary; toBlockedMs: Summary };
  /** Another commit's build (BENCH_COLD_BASELINE), its first looks taken in turn with ours: the wake before and after. */
  baseline?: {
    ref: string;
    commit: string;
    firstLook: { toAllowedMs: Summary; toBlockedMs: Summary };
    evaluatedMs: Summary;
    wiredMs: Summary;
    hydratedMs: Summary;
    afterHydrationMs: Summary;
  };
}

/** The floor extension: nothing but a worker that answers a tab switch with a badge, and a page to watch it from. */
const FLOOR_FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'antidrift bench floor',
    version: '1.0.0',
    background: { service_worker: 'background.js' },
    permissions: ['tabs'],
    action: {},
  }),
  'background.js': `chrome.tabs.onActivated.addListener(async ({ tabId }) => {
  const tab = await chrome.tabs.get(tabId);
  await chrome.action.setBadgeText({ text: /^http:\\/\\/videos\\.test\\//.test(tab.url || '') ? '!' : 'ON' });
});`,
  'page.html': '<!doctype html><title>floor</title>',
};

/** The service worker's version over CDP: stopped on demand, its running status followed. */
class WorkerControl {
  versionId: string | undefined;
  status = '';
  /** How many times it was seen stopped: a stop is done when this moves (the worker may be woken again at once). */
  stops = 0;

  private constructor(
    private readonly cdp: CDPSession,
    origin: string,
  ) {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(origin)) continue;
        this.versionId = v.versionId;
        if (v.runningStatus === 'stopped' && this.status !== 'stopped') this.stops++;
        this.status = v.runningStatus;
      }
    });
  }

  static async attach(cdp: CDPSession, origin: string): Promise<WorkerControl> {
    const control = new WorkerControl(cdp, origin);
    await cdp.send('ServiceWorker.enable');
    for (let i = 0; i < 500 && !control.versionId; i++) await sleep(10);
    if (!control.versionId) throw new Error('no service worker version seen');
    return control;
  }

  /** Stops the worker; asked again when a worker still starting (woken by a page just loaded) did not take it. */
  async stop(): Promise<void> {
    const before = this.stops;
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.cdp.send('ServiceWorker.stopWorker', { versionId: this.versionId! });
      for (let i = 0; i < 200 && this.stops === before; i++) await sleep(5);
      if (this.stops !== before) return;
    }
    throw new Error(`the service worker did not stop (it is ${this.status})`);
  }
}

/** A tab to switch to, by its page and its tab id (the badge read is the one that tab shows). */
interface Target {
  page: Page;
  tabId: number;
}

interface ColdRun {
  browser: ExtensionBrowser;
  origin: string;
  /** An extension page with no port to the worker: the badge is polled there while the worker is stopped. */
  spin: Page;
  docs: Page;
  videos: Page;
  /**
   * The tab each switch goes to. Without it, the two tabs above in turn: tabs seen before. With it, a tab
   * opened in the background just before (never in front, never looked at): the first look at a tab.
   */
  fresh?: (site: 'docs.test' | 'videos.test') => Promise<Target>;
  /** After each wake: the extension's own facts about it (ours: its start marks). */
  afterWake?: () => Promise<void>;
}

type Switches = { ON: number[]; '!': number[]; badgeAt: number[] };

/** One extension under test, its browser open for the whole section: switched in rounds, between the others' rounds. */
interface ColdSubject {
  /** `n` more pairs of switches (the first call warms up first); times land in `out`. */
  switches(n: number): Promise<void>;
  out: Switches;
  close(): Promise<void>;
}

/** The tab id of a page, asked from an extension page by its address. */
async function tabIdOf(spin: Page, page: Page): Promise<number> {
  const id = await spin.evaluate(async (url) => (await chrome.tabs.query({ url })).find((t) => t.url === url)?.id, page.url());
  if (id === undefined) throw new Error(`no tab found for ${page.url()}`);
  return id;
}

/** Stops the worker, switches tabs, times the badge the new tab shows; alternating allowed (ON) and blocked (!). */
async function coldSubject(run: ColdRun, wakeGapMs: number, close: () => Promise<void>): Promise<ColdSubject> {
  const control = await WorkerControl.attach(await run.browser.context.newCDPSession(run.docs), run.origin);
  const page: ExtensionContext = { evaluate: (fn, arg) => run.spin.evaluate(fn as never, arg) };
  const { offset } = await clockOffset(page);
  const seen = {
    ON: { page: run.docs, tabId: await tabIdOf(run.spin, run.docs) },
    '!': { page: run.videos, tabId: await tabIdOf(run.spin, run.videos) },
  };
  const targetFor = (expect: 'ON' | '!'): Promise<Target> =>
    run.fresh ? run.fresh(expect === 'ON' ? 'docs.test' : 'videos.test') : Promise.resolve(seen[expect]);
  const out: Switches = { ON: [], '!': [], badgeAt: [] };
  // Each tab activated once it has its address (a new tab is activated while still blank): the badge starts at "!".
  await run.docs.bringToFront();
  await sleep(300);
  await run.videos.bringToFront();
  await sleep(300);
  let front = seen['!'].tabId;
  let warmUp = 2;
  const once = async (expect: 'ON' | '!', measured: boolean) => {
    const target = await targetFor(expect);
    // What the person sees before the switch: the badge of the tab in front.
    const prev = await badgeText(page, front);
    if (prev === expect) throw new Error(`badge already "${prev}" before switching`);
    await control.stop();
    await armSpin(page, prev, target.tabId);
    await target.page.bringToFront();
    const returned = wallNow();
    const result = await spinResult(page);
    if (result.timeout || result.text !== expect)
      throw new Error(`cold switch: badge "${prev}" → "${result.text ?? 'unchanged'}", expected "${expect}"`);
    front = target.tabId;
    if (measured) await run.afterWake?.();
    // Wakes are at least 30 s apart in real use: let this wake's host finish starting before the next one.
    await sleep(wakeGapMs);
    if (!measured) return;
    // The page's clock is aligned to ours by `offset`; the worker and the page share the browser's clock.
    // A tab that already showed the right badge when it came to the front counts as 0.
    out[expect].push(Math.max(0, result.at! - offset - returned));
    out.badgeAt.push(result.at!);
  };
  return {
    out,
    close,
    switches: async (n) => {
      for (; warmUp > 0; warmUp--) await once(warmUp % 2 ? '!' : 'ON', false);
      for (let i = 0; i < n * 2; i++) await once(i % 2 ? '!' : 'ON', true);
    },
  };
}

/** The floor extension in a browser of its own, optionally carrying our bundle as a function it never calls. */
async function floorSubject(wakeGapMs: number, carrying?: string): Promise<ColdSubject> {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-bench-floor-'));
  const dir = join(root, 'extension');
  const server = await startPageServer();
  let browser: ExtensionBrowser | undefined;
  const close = async () => {
    await browser?.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    mkdirSync(dir);
    for (const [name, text] of Object.entries(FLOOR_FILES)) writeFileSync(join(dir, name), text);
    // Parsed (the whole script is checked when it loads), never run.
    if (carrying) writeFileSync(join(dir, 'background.js'), `${FLOOR_FILES['background.js']}\nfunction neverCalled() {\n${carrying}\n}\n`);
    browser = await launchExtensionBrowser({
      userDataDir: join(root, 'profile'),
      home: root,
      extensionDir: dir,
      hostResolverRules: server.resolverRules,
      headless: true,
    });
    const origin = `chrome-extension://${browser.extensionId}`;
    const spin = await browser.context.newPage();
    await spin.goto(`${origin}/page.html`);
    const docs = await browser.context.newPage();
    await docs.goto(server.url('docs.test', 'Parser reference'));
    const videos = await browser.context.newPage();
    await videos.goto(server.url('videos.test', 'Cat videos'));
    return await coldSubject({ browser, origin, spin, docs, videos }, wakeGapMs, close);
  } catch (error) {
    await close();
    throw error;
  }
}

/** Rounds of switches per extension, taken in turn: a busy stretch of the machine falls on all three alike. */
const ROUNDS = 3;

type Pair = { toAllowedMs: Summary; toBlockedMs: Summary };
type StartMarks = { origin: number; evaluated: number; wired: number; hydrated: number };

/** A session in `browser` (the spin page, an allowed and a blocked tab), as every antidrift subject starts. */
async function openSession(browser: ExtensionBrowser, server: PageServer) {
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
  return { spin, docs, videos };
}

/** Switches to tabs opened in the background, never in front: the worker's whole path, with its start marks each wake. */
async function firstLookSubject(
  browser: ExtensionBrowser,
  server: PageServer,
  session: Awaited<ReturnType<typeof openSession>>,
  wakeGapMs: number,
  close: () => Promise<void>,
): Promise<{ subject: ColdSubject; marks: StartMarks[] }> {
  const { spin } = session;
  const marks: StartMarks[] = [];
  const startMarks = async () => {
    const worker = await browser.serviceWorker();
    marks.push(
      await worker.evaluate((names) => {
        const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
        return { origin: performance.timeOrigin, evaluated: at(names.evaluated), wired: at(names.wired), hydrated: at(names.hydrated) };
      }, WORKER_MARKS),
    );
  };
  // Tabs opened in the background (as a link opened in a new tab is), never in front before their switch.
  const opened: Page[] = [];
  let count = 0;
  const fresh = async (site: 'docs.test' | 'videos.test'): Promise<{ page: Page; tabId: number }> => {
    const url = server.url(site, site === 'docs.test' ? `Parser reference ${++count}` : `Cat videos ${++count}`);
    const [page, tabId] = await Promise.all([
      browser.context.waitForEvent('page'),
      spin.evaluate(async (address) => (await chrome.tabs.create({ url: address, active: false })).id!, url),
    ]);
    await page.waitForLoadState('load');
    opened.push(page);
    // The tabs two switches back are behind: closed, so the tab strip stays short.
    while (opened.length > 3) await opened.shift()!.close();
    return { page, tabId };
  };
  const subject = await coldSubject({ browser, origin: EXTENSION_ORIGIN, ...session, fresh, afterWake: startMarks }, wakeGapMs, close);
  return { subject, marks };
}

/** The worker's start, each wake of a first look: bundle evaluated, wiring done, storage hydrated, then the badge. */
function startSplit(firstLook: ColdSubject, marks: StartMarks[]) {
  return {
    evaluatedMs: summarize(marks.map((m) => m.evaluated)),
    wiredMs: summarize(marks.map((m) => m.wired)),
    hydratedMs: summarize(marks.map((m) => m.hydrated)),
    afterHydrationMs: summarize(firstLook.out.badgeAt.map((at, i) => at - (marks[i]!.origin + marks[i]!.hydrated))),
  };
}

/** `baseline`: another commit's build, whose first looks are taken in turn with this build's (its own browser). */
export async function benchCold(opts: { switches: number; wakeGapMs: number; baseline?: BaselineBuild }): Promise<ColdResult> {
  const profile = await benchProfile('cold');
  const baselineProfile = opts.baseline ? await benchProfile('cold-baseline', opts.baseline.extensionDir) : undefined;
  const { server } = profile;
  const subjects: ColdSubject[] = [];
  let ourBrowser: ExtensionBrowser | undefined;
  let baselineBrowser: ExtensionBrowser | undefined;
  try {
    const browser = (ourBrowser = await profile.launch());
    const session = await openSession(browser, server);
    const ours = await coldSubject({ browser, origin: EXTENSION_ORIGIN, ...session }, opts.wakeGapMs, async () => {});
    subjects.push(ours);
    const firstLook = await firstLookSubject(browser, server, session, opts.wakeGapMs, () => browser.close());
    subjects.push(firstLook.subject);
    ourBrowser = undefined;
    let baseline: { subject: ColdSubject; marks: StartMarks[] } | undefined;
    if (baselineProfile) {
      const other = (baselineBrowser = await baselineProfile.launch());
      const otherSession = await openSession(other, baselineProfile.server);
      baseline = await firstLookSubject(other, baselineProfile.server, otherSession, opts.wakeGapMs, () => other.close());
      subjects.push(baseline.subject);
      baselineBrowser = undefined;
    }
    const floor = await floorSubject(opts.wakeGapMs);
    subjects.push(floor);
    const floorWithOurBytes = await floorSubject(opts.wakeGapMs, readFileSync(join(EXTENSION_DIR, 'background.js'), 'utf8'));
    subjects.push(floorWithOurBytes);
    // The browsers stay open; only one is switched at a time.
    for (let round = 0; round < ROUNDS; round++) {
      const n = Math.ceil((opts.switches * (round + 1)) / ROUNDS) - Math.ceil((opts.switches * round) / ROUNDS);
      for (const subject of subjects) await subject.switches(n);
    }
    const summary = (s: ColdSubject): Pair => ({ toAllowedMs: summarize(s.out.ON), toBlockedMs: summarize(s.out['!']) });
    return {
      ...summary(ours),
      firstLook: summary(firstLook.subject),
      ...startSplit(firstLook.subject, firstLook.marks),
      floor: summary(floor),
      floorWithOurBytes: summary(floorWithOurBytes),
      ...(baseline && opts.baseline
        ? {
            baseline: {
              ref: opts.baseline.ref,
              commit: opts.baseline.commit,
              firstLook: summary(baseline.subject),
              ...startSplit(baseline.subject, baseline.marks),
            },
          }
        : {}),
    };
  } finally {
    await ourBrowser?.close();
    await baselineBrowser?.close();
    for (const subject of subjects) await subject.close().catch(() => {});
    await profile.dispose();
    await baselineProfile?.dispose();
  }
}

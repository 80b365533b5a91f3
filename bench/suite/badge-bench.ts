// Sections 2 and 3: popup opening, tab switch → badge and OS window switch → badge, in real Chromium with the built extension and host.
import type { Page, Worker } from 'playwright-core';
import type { ExtensionBrowser } from '../../harness/chromium';
import { benchProfile, startBenchSession } from './bench-profile';
import { benchPopup, type PopupResult } from './popup-bench';
import { round, summarize, wallNow, type Summary } from './stats';
import { startDesk } from './x-desk';

export interface BadgeResult {
  tab: Flips | null;
  os: Flips | null;
  /** Popup opening, toolbar and in a tab (warm worker, session running). */
  popup: PopupResult | null;
  /** Uncertainty of the browser ↔ bench clock alignment (half the best round trip). */
  clockUncertaintyMs: number;
}

/** From the switch command returning (the definition), and from just before it was issued (upper bound). */
export interface Flips {
  toAllowedMs: Summary;
  toBlockedMs: Summary;
  allFromDispatchMs: Summary;
}

interface Spin {
  done: boolean;
  text?: string;
  at?: number;
  timeout?: boolean;
}

/**
 * Runs a function in the extension's context and returns its result: the service worker in
 * Chromium, an extension page in Firefox (whose background is an event page no client reaches).
 */
export interface ExtensionContext {
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
}

/** Playwright's Worker, seen as an extension context. */
export function workerContext(sw: Worker): ExtensionContext {
  return { evaluate: (fn, arg) => sw.evaluate(fn as never, arg) };
}

/** The extension context's wall clock minus ours, from the best of several round trips. */
export async function clockOffset(sw: ExtensionContext): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Infinity };
  for (let i = 0; i < 30; i++) {
    const t1 = wallNow();
    const theirs = await sw.evaluate(() => performance.timeOrigin + performance.now());
    const t2 = wallNow();
    if ((t2 - t1) / 2 < best.uncertainty) best = { offset: theirs - (t1 + t2) / 2, uncertainty: (t2 - t1) / 2 };
  }
  return best;
}

/** The action API in either browser: `browser` in Firefox pages, `chrome` in Chromium's worker. */
type ActionGlobal = { browser?: { action: typeof chrome.action }; chrome: { action: typeof chrome.action } };

/** The badge text: the shared one, or the one tab `tabId` shows (its own, else the shared one), as the toolbar does. */
export function badgeText(sw: ExtensionContext, tabId?: number): Promise<string> {
  return sw.evaluate(
    (id) => ((globalThis as unknown as ActionGlobal).browser ?? chrome).action.getBadgeText(id === null ? {} : { tabId: id }),
    tabId ?? null,
  );
}

/** Starts a spin inside the extension that stamps the moment the badge text (of tab `tabId`, if given) stops being `prev`. */
export async function armSpin(sw: ExtensionContext, prev: string, tabId?: number): Promise<void> {
  await sw.evaluate(
    ({ before, id }) => {
      const g = globalThis as unknown as { __antidriftBench: Spin } & ActionGlobal;
      g.__antidriftBench = { done: false };
      const action = (g.browser ?? g.chrome).action;
      void (async () => {
        const deadline = performance.now() + 10_000;
        for (;;) {
          const text = await action.getBadgeText(id === null ? {} : { tabId: id });
          if (text !== before) {
            g.__antidriftBench = { done: true, text, at: performance.timeOrigin + performance.now() };
            return;
          }
          if (performance.now() > deadline) {
            g.__antidriftBench = { done: true, timeout: true };
            return;
          }
        }
      })();
    },
    { before: prev, id: tabId ?? null },
  );
}

export async function spinResult(sw: ExtensionContext): Promise<Spin> {
  for (;;) {
    const r = await sw.evaluate(() => (globalThis as unknown as { __antidriftBench: Spin }).__antidriftBench);
    if (r.done) return r;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Alternates between the targets, timing each badge change; `count` switches after a short warm-up. */
export async function measureFlips(
  sw: ExtensionContext,
  offset: number,
  count: number,
  targets: { expect: string; go: () => Promise<number> }[],
): Promise<Flips> {
  const out = new Map<string, number[]>(targets.map((t) => [t.expect, []]));
  const fromDispatch: number[] = [];
  const warmUp = 4;
  for (let i = 0; i < count + warmUp; i++) {
    const target = targets[i % targets.length]!;
    const prev = await badgeText(sw);
    if (prev === target.expect) throw new Error(`badge already "${prev}" before switching: the previous switch did not land`);
    await armSpin(sw, prev);
    const dispatched = wallNow();
    const returned = await target.go();
    const spin = await spinResult(sw);
    if (spin.timeout) throw new Error(`badge stayed "${prev}" for 10 s after switching to ${target.expect}`);
    if (spin.text !== target.expect) throw new Error(`badge went "${prev}" → "${spin.text}", expected "${target.expect}"`);
    if (i < warmUp) continue;
    // A badge that changed before the command returned counts as 0: it was already visible.
    out.get(target.expect)!.push(Math.max(0, spin.at! - offset - returned));
    fromDispatch.push(spin.at! - offset - dispatched);
  }
  return { toAllowedMs: summarize(out.get('ON')!), toBlockedMs: summarize(out.get('!')!), allFromDispatchMs: summarize(fromDispatch) };
}

export async function benchBadge(opts: { tabSwitches: number; osSwitches: number; popupOpens: number }): Promise<BadgeResult> {
  const desk = await startDesk(['BenchEdit', 'BenchChat'], 170);
  const profile = await benchProfile('chromium');
  const { server } = profile;
  let browser: ExtensionBrowser | undefined;
  try {
    browser = await profile.launch(desk.x.env);
    const worker = await browser.serviceWorker();
    const sw = workerContext(worker);
    const starter = await browser.context.newPage();
    await startBenchSession(starter, 'popup.html', {
      nextAction: 'Benchmark the badge',
      successCondition: 'every switch measured',
      allowed: ['docs.test', 'benchedit'],
      blocked: ['videos.test', 'benchchat'],
    });
    const docs: Page = await browser.context.newPage();
    await docs.goto(server.url('docs.test', 'Parser reference'));
    const videos: Page = await browser.context.newPage();
    await videos.goto(server.url('videos.test', 'Cat videos'));
    await starter.close();
    const popup = opts.popupOpens > 0 ? await benchPopup(browser.context, worker, docs, opts.popupOpens) : null;
    const { offset, uncertainty } = await clockOffset(sw);

    let tab: BadgeResult['tab'] = null;
    if (opts.tabSwitches > 0) {
      const bring = (page: Page) => async () => {
        await page.bringToFront();
        return wallNow();
      };
      // Start from a known state: the blocked tab in front.
      await videos.bringToFront();
      tab = await measureFlips(sw, offset, opts.tabSwitches * 2, [
        { expect: 'ON', go: bring(docs) },
        { expect: '!', go: bring(videos) },
      ]);
    }
    let os: BadgeResult['os'] = null;
    if (opts.osSwitches > 0) {
      await desk.activate('BenchChat');
      await new Promise((resolve) => setTimeout(resolve, 500));
      os = await measureFlips(sw, offset, opts.osSwitches * 2, [
        { expect: 'ON', go: () => desk.activate('BenchEdit') },
        { expect: '!', go: () => desk.activate('BenchChat') },
      ]);
    }
    return { tab, os, popup, clockUncertaintyMs: round(uncertainty, 2) };
  } finally {
    await browser?.close();
    await profile.dispose();
    await desk.stop();
  }
}

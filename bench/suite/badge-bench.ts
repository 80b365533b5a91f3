// Sections 2 and 3: popup opening, tab switch → badge and OS window switch → badge, in real Chromium with the built extension and host.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { EXTENSION_ORIGIN, installHost, launchExtensionBrowser, startPageServer } from '../../tests/support/chromium';
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

/** The service worker's wall clock minus ours, from the best of several round trips. */
async function clockOffset(sw: Worker): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Infinity };
  for (let i = 0; i < 30; i++) {
    const t1 = wallNow();
    const theirs = await sw.evaluate(() => performance.timeOrigin + performance.now());
    const t2 = wallNow();
    if ((t2 - t1) / 2 < best.uncertainty) best = { offset: theirs - (t1 + t2) / 2, uncertainty: (t2 - t1) / 2 };
  }
  return best;
}

/** Starts a spin inside the service worker that stamps the moment the badge text stops being `prev`. */
async function armSpin(sw: Worker, prev: string): Promise<void> {
  await sw.evaluate((before: string) => {
    const g = globalThis as unknown as { __antidriftBench: Spin };
    g.__antidriftBench = { done: false };
    void (async () => {
      const deadline = performance.now() + 10_000;
      for (;;) {
        const text = await chrome.action.getBadgeText({});
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
  }, prev);
}

async function spinResult(sw: Worker): Promise<Spin> {
  for (;;) {
    const r = await sw.evaluate(() => (globalThis as unknown as { __antidriftBench: Spin }).__antidriftBench);
    if (r.done) return r;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measureFlips(
  sw: Worker,
  offset: number,
  count: number,
  targets: { expect: string; go: () => Promise<number> }[],
): Promise<Flips> {
  const out = new Map<string, number[]>(targets.map((t) => [t.expect, []]));
  const fromDispatch: number[] = [];
  const warmUp = 4;
  for (let i = 0; i < count + warmUp; i++) {
    const target = targets[i % targets.length]!;
    const prev = await sw.evaluate(() => chrome.action.getBadgeText({}));
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
  const root = mkdtempSync(join(tmpdir(), 'antidrift-bench-chromium-'));
  const userDataDir = join(root, 'profile');
  const home = join(root, 'home');
  const server = await startPageServer();
  let browser: Awaited<ReturnType<typeof launchExtensionBrowser>> | undefined;
  try {
    installHost(userDataDir, home);
    browser = await launchExtensionBrowser({ userDataDir, home, env: desk.x.env, hostResolverRules: server.resolverRules, headless: true });
    const sw = await browser.serviceWorker();
    const starter = await browser.context.newPage();
    await starter.goto(`${EXTENSION_ORIGIN}/popup.html`);
    const reply = await starter.evaluate((input) => chrome.runtime.sendMessage({ type: 'startSession', input }), {
      commitment: { nextAction: 'Benchmark the badge', successCondition: 'every switch measured' },
      allowed: ['docs.test', 'benchedit'],
      blocked: ['videos.test', 'benchchat'],
    });
    if (!(reply as { ok?: boolean }).ok) throw new Error(`startSession failed: ${JSON.stringify(reply)}`);
    const docs: Page = await browser.context.newPage();
    await docs.goto(server.url('docs.test', 'Parser reference'));
    const videos: Page = await browser.context.newPage();
    await videos.goto(server.url('videos.test', 'Cat videos'));
    await starter.close();
    const popup = opts.popupOpens > 0 ? await benchPopup(browser.context, sw, docs, opts.popupOpens) : null;
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
    await server.close();
    await desk.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

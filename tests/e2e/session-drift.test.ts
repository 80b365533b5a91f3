// E2E: starting a session from the popup, a blocked site → drift toast, Back to task.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { EXTENSION_ORIGIN } from '../../harness/chromium';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';

const LISTS = { allowed: ['docs.test'], blocked: ['videos.test'] };

describe('a focus session in a real browser', () => {
  const e2e = e2eForSuite();

  it('starts from the popup on an allowed page: badge ON', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    const idle = await e2e().popup();
    await expect.poll(() => idle.hostStatus(), { timeout: 15_000 }).toContain('AI: claude · helper connected');
    await e2e().screenshot(idle.page, 'popup-idle', idle.frame());
    // No layout jump: the skeleton shown before the first state is as tall as the form and the session view.
    const skeletonHeight = await idle.skeletonHeight();
    expect(await idle.frameHeight()).toBe(skeletonHeight);
    await idle.page.close();

    const popup = await startSession(e2e(), docs, LISTS);
    await e2e().expectBadge('ON');
    expect(await popup.byId('commitment-text').textContent()).toContain('Write the parser tests');
    await expect.poll(() => popup.status()).toBe('On task');
    await e2e().screenshot(popup.page, 'popup-active', popup.frame());
    expect(await popup.frameHeight()).toBe(skeletonHeight);
  });

  it('a blocked site: badge ! within a second, drift toast with the local reason; Back to task → ON', async () => {
    const videos = await e2e().openSite('videos.test', 'Funny cats compilation');
    const started = Date.now();
    await videos.bringToFront();
    await e2e().expectBadge('!', 1_000);
    expect(Date.now() - started).toBeLessThan(1_500);
    const toast = new Toast(videos);
    await toast.expectTier('drift');
    expect(await toast.text('drift-reason')).toMatch(/videos\.test/);
    await toast.settled();
    await e2e().screenshot(videos, 'toast-drift');

    await toast.click('drift-back');
    await e2e().expectBadge('ON');
    await toast.expectTier(null);
  });

  it('a stopped service worker wakes with the session and the drift state intact', async () => {
    const videos = await e2e().openSite('videos.test', 'More cats');
    await videos.bringToFront();
    await e2e().expectBadge('!');

    const cdp = await e2e().browser.context.newCDPSession(videos);
    const states: string[] = [];
    let versionId: string | undefined;
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(EXTENSION_ORIGIN)) continue;
        versionId = v.versionId;
        states.push(v.runningStatus);
      }
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => versionId).toBeDefined();
    await cdp.send('ServiceWorker.stopWorker', { versionId: versionId! });
    await expect.poll(() => states.includes('stopped')).toBe(true);
    const afterStop = states.lastIndexOf('stopped');

    // Opening the popup (or the toast reconnecting) wakes the worker; it must come back from storage.
    const popup = await e2e().popup();
    await expect.poll(() => states.slice(afterStop).includes('running'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => popup.status(), { timeout: 15_000 }).toBe('Drifting');
    expect(await popup.byId('commitment-text').textContent()).toContain('Write the parser tests');
    // The woken worker reconnects to the host by itself.
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('helper connected');
    await e2e().screenshot(popup.page, 'popup-drifting', popup.frame());
    expect(await popup.frameHeight()).toBe(await popup.skeletonHeight());
    await e2e().expectBadge('!');
    await videos.bringToFront();
    await new Toast(videos).expectTier('drift');
    await cdp.detach();
  });

  it('each tab seen keeps its own badge: right the moment it is back in front, worker stopped; none is left once the session ends', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser reference');
    await docs.bringToFront();
    await e2e().expectBadge('ON');
    const videos = await e2e().openSite('videos.test', 'Even more cats');
    await videos.bringToFront();
    await e2e().expectBadge('!');
    // Read from the privacy page, which sends the worker nothing: the reads do not wake it. (History would: it asks for
    // the weekly goal.)
    const reader = await e2e().browser.context.newPage();
    await reader.goto(`${EXTENSION_ORIGIN}${EXTENSION_PAGES.privacy}`);
    const shown = (page: Page) =>
      reader.evaluate(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        return chrome.action.getBadgeText({ tabId: tab!.id! });
      }, page.url());
    const cdp = await e2e().browser.context.newCDPSession(docs);
    const workers = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.scriptURL.startsWith(EXTENSION_ORIGIN)) workers.set(v.versionId, v.runningStatus);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => [...workers.values()].includes('running')).toBe(true);
    // An event of the browser's (a tab's late title, an alarm) may wake it again at once, as a new version or the same:
    // stop every running one until none runs.
    const running = () => [...workers].filter(([, status]) => status !== 'stopped').map(([versionId]) => versionId);
    await expect
      .poll(
        async () => {
          for (const versionId of running()) await cdp.send('ServiceWorker.stopWorker', { versionId });
          return running();
        },
        { timeout: 10_000, interval: 250 },
      )
      .toEqual([]);
    // Worker stopped, videos in front: the shared badge says !, and docs, behind, holds its own ON,
    // which the browser shows with the tab the moment it is in front, before any worker could say so.
    expect(await reader.evaluate(() => chrome.action.getBadgeText({}))).toBe('!');
    expect(await shown(docs)).toBe('ON');
    expect(await shown(videos)).toBe('!');
    await docs.bringToFront();
    expect(await shown(docs)).toBe('ON');
    await e2e().expectBadge('ON');

    const popup = await e2e().popup();
    await popup.byId('end-session').click();
    await popup.byId('review').waitFor();
    await popup.page.close();
    await expect.poll(() => shown(docs)).toBe('');
    expect(await shown(videos)).toBe('');
    await videos.bringToFront();
    await e2e().expectBadge('');
    expect(await shown(videos)).toBe('');
    await cdp.detach();
    await reader.close();
  });
});

// Each tab looked at keeps a badge of its own through the real worker: right when it comes back, never left over from a session before.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it, vi } from 'vitest';
import { activate, boot, freshBackgroundEachTest, openTab, restartWorker, type Running, START } from './harness';

let bg: Running;
freshBackgroundEachTest();

const tabBadge = async (tabId: number) => ({
  text: await fakeBrowser.action.getBadgeText({ tabId }),
  title: await fakeBrowser.action.getTitle({ tabId }),
});

async function twoTabsSeen(): Promise<{ docs: number; videos: number }> {
  bg = await boot();
  await bg.send(START);
  const docs = await openTab('https://docs.test/', 'Parser reference');
  const videos = await openTab('https://videos.test/', 'Cats');
  await activate(docs);
  await bg.flush();
  await activate(videos);
  await bg.flush();
  return { docs, videos };
}

describe('tab badges', () => {
  it('a tab seen in the session keeps its own verdict behind the others, the badge it will show when it is back in front', async () => {
    const { docs, videos } = await twoTabsSeen();
    expect((await tabBadge(docs)).text).toBe('ON');
    expect((await tabBadge(videos)).text).toBe('!');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect((await tabBadge(docs)).title).toMatch(/Write the parser tests\nStatus: on task/);
  });

  it.each([
    ['paused', { type: 'pauseSession' }, 'II'],
    ['ended', { type: 'endSession' }, ''],
  ])('once the session is %s no tab shows a verdict from before', async (_name, request, text) => {
    const { docs, videos } = await twoTabsSeen();
    await bg.send(request);
    await bg.flush();
    expect((await tabBadge(docs)).text).toBe(text);
    expect((await tabBadge(videos)).text).toBe(text);
  });

  it('in another app, the tab in front shows the status of where the person is, not its own', async () => {
    const { docs, videos } = await twoTabsSeen();
    bg.host.pushWindow('parser.ts — code', 'code');
    await bg.flush();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('ON');
    expect((await tabBadge(videos)).text).toBe('ON');
    expect((await tabBadge(docs)).text).toBe('ON');
  });

  it('a worker that starts again knows which tabs it gave a badge: ending the session still reaches them', async () => {
    await twoTabsSeen();
    const given = await fakeBrowser.storage.session.get('tabBadges');
    expect(Object.keys((given.tabBadges as { tabs: object }).tabs)).toHaveLength(2);
    await restartWorker();
    const set = vi.spyOn(fakeBrowser.action, 'setBadgeText');
    bg = await boot();
    await bg.send({ type: 'endSession' });
    await bg.flush();
    const perTab = set.mock.calls.map(([details]) => details).filter((d) => d.tabId !== undefined);
    expect(perTab.map((d) => d.text)).toEqual(['', '']);
    expect(perTab.map((d) => d.tabId).sort()).toEqual(
      Object.keys((given.tabBadges as { tabs: object }).tabs)
        .map(Number)
        .sort(),
    );
  });

  it('a closed tab is forgotten; an unreadable memory is a warning, and the badges start afresh', async () => {
    const { docs, videos } = await twoTabsSeen();
    await fakeBrowser.tabs.onRemoved.trigger(docs, { windowId: 0, isWindowClosing: false });
    await bg.flush();
    const kept = (await fakeBrowser.storage.session.get('tabBadges')).tabBadges as { tabs: object };
    expect(Object.keys(kept.tabs)).toEqual([String(videos)]);
    await restartWorker();
    await fakeBrowser.storage.session.set({ tabBadges: { tabs: { x: 1 }, front: {}, context: 5 } });
    bg = await boot();
    const log = JSON.stringify(bg.shell.diagnostics.list());
    expect(log).toContain('stored tab badges was unreadable and was reset');
  });
});

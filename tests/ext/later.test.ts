// Save for later through the real worker over WXT's fake browser: the banner's answer, the shortcut and a strict session's block page keep the page; the list survives a new worker.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it, vi } from 'vitest';
import type { LaterEntry } from '../../shared/later/later-list';
import { LATER_KEY } from '../../background/later/later-store';
import { installFakeDnr } from './fake-dnr';
import {
  activate,
  boot,
  CONTENT_SENDER,
  FRAME_SENDER,
  EXT_ORIGIN,
  freshBackgroundEachTest,
  openTab,
  pressShortcut,
  restartWorker,
  type Running,
  START,
} from './harness';

let bg: Running;
freshBackgroundEachTest();

const later = async (): Promise<LaterEntry[]> => ((await bg.send({ type: 'getLater' })) as { value: LaterEntry[] }).value;
/** Closed: no longer among the tabs (the fake's own `tabs.remove` then fails looking up the window by the tab's id, after removing it). */
const gone = async (tabId: number) => !(await fakeBrowser.tabs.query({})).some((t) => t.id === tabId);

async function driftingOnVideos(): Promise<{ docs: number; videos: number }> {
  bg = await boot();
  await bg.send(START);
  const docs = await openTab('https://docs.test/parser', 'Parser notes');
  await activate(docs);
  const videos = await openTab('https://videos.test/watch?v=1', 'Cats');
  await activate(videos);
  await bg.flush();
  expect(bg.shell.state.drift.status).toBe('drifting');
  return { docs, videos };
}

describe('save for later', () => {
  it('from the banner: the tab is kept (address, title, session) and closed, and the drift ends there', async () => {
    const { videos } = await driftingOnVideos();
    expect(await bg.send({ type: 'driftSaveForLater' }, FRAME_SENDER())).toEqual({ ok: true, value: null });
    await bg.flush();
    const [entry] = await later();
    expect(entry).toMatchObject({ url: 'https://videos.test/watch?v=1', title: 'Cats', session: expect.stringMatching(/.+/) });
    expect(await gone(videos)).toBe(true);
    expect(bg.shell.state.drift.answeredDriftEpisode).toBe(bg.shell.state.drift.driftEpisode);
  });

  it('the shortcut saves the tab in front, in or out of a session; a private window’s tab is refused', async () => {
    bg = await boot();
    const article = await openTab('https://news.test/long-read', 'A long read');
    await activate(article);
    pressShortcut('save-for-later');
    await bg.flush();
    expect((await later()).map((e) => [e.url, e.session])).toEqual([['https://news.test/long-read', null]]);
    expect(await gone(article)).toBe(true);

    const secret = await openTab('https://bank.test/', 'Private');
    await fakeBrowser.tabs.update(secret, { incognito: true } as never);
    await activate(secret);
    pressShortcut('save-for-later');
    await bg.flush();
    expect(await later()).toHaveLength(1);
    expect(await gone(secret)).toBe(false);
  });

  it('opening takes entries off the list; the list is its own record, kept by a new worker and never synced', async () => {
    const { videos } = await driftingOnVideos();
    void videos;
    await bg.send({ type: 'driftSaveForLater' }, FRAME_SENDER());
    await bg.flush();
    await restartWorker();
    bg = await boot();
    const [entry] = await later();
    expect(entry?.url).toBe('https://videos.test/watch?v=1');
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain('videos.test/watch');
    const opened = (await bg.send({ type: 'openLater', ids: [entry!.id], oneWindow: false })) as { value: LaterEntry[] };
    expect(opened.value).toEqual([]);
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain('https://videos.test/watch?v=1');
  });

  it('from a strict session’s block page: that one blocked address is kept, the task tab comes forward; anything else is refused in words', async () => {
    installFakeDnr();
    let clock = Date.now();
    bg = await boot(undefined, () => clock);
    await bg.send({ ...START, input: { ...START.input, blocked: ['videos.test'], strict: true, timeboxMinutes: 25 } });
    const docs = await openTab('https://docs.test/parser', 'Parser notes');
    await activate(docs);
    const address = 'https://videos.test/watch?v=1';
    const blockPage = await openTab(`${EXT_ORIGIN()}blocked.html?site=videos.test#${address}`, 'videos.test is blocked');
    await activate(blockPage);
    await bg.flush();
    const fromBlockPage = { id: fakeBrowser.runtime.id, url: `${EXT_ORIGIN()}blocked.html?site=videos.test`, tab: { id: blockPage } };
    const save = (site: string, url: string, sender: Record<string, unknown> = fromBlockPage) =>
      bg.send({ type: 'blockPageSaveForLater', site, url }, sender);
    const refusal = (message: string) => ({ ok: false, error: { kind: 'bad_request', message } });

    expect(await save('videos.test', 'https://docs.test/x')).toMatchObject(
      refusal('not saved for later: videos.test is not blocked by a running strict session'),
    );
    expect(await save('news.test', address)).toMatchObject(
      refusal('not saved for later: news.test is not blocked by a running strict session'),
    );
    expect(await save('videos.test', address, CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(await later()).toEqual([]);

    const focus = vi.spyOn(fakeBrowser.tabs, 'update');
    expect(await save('videos.test', address)).toEqual({ ok: true, value: { went: 'tab' } });
    expect(focus).toHaveBeenCalledWith(docs, { active: true });
    const [entry] = await later();
    expect(entry).toMatchObject({ url: address, title: '', session: expect.stringMatching(/.+/) });
    expect(await gone(blockPage)).toBe(false); // the block page stays behind the task; only a drifting tab is closed

    await fakeBrowser.tabs.update(blockPage, { incognito: true } as never);
    expect(await save('videos.test', 'https://videos.test/other')).toMatchObject(
      refusal('not saved for later: pages of private windows are never kept'),
    );
    await fakeBrowser.tabs.update(blockPage, { incognito: false } as never);
    clock += 26 * 60_000; // the timebox is over: nothing is blocked any more
    expect(await save('videos.test', 'https://videos.test/other')).toMatchObject(
      refusal('not saved for later: videos.test is not blocked by a running strict session'),
    );
    expect((await later()).map((e) => e.url)).toEqual([address]);
  });

  it('an unreadable stored list is kept aside, said, and the list starts again', async () => {
    await fakeBrowser.storage.local.set({ [LATER_KEY]: [{ id: 'x', url: 'javascript:alert(1)' }] });
    bg = await boot();
    expect(await later()).toEqual([]);
    expect((await fakeBrowser.storage.local.get(`unreadable:${LATER_KEY}`))[`unreadable:${LATER_KEY}`]).toEqual([
      { id: 'x', url: 'javascript:alert(1)' },
    ]);
    expect(bg.shell.diagnostics.list().map((d) => d.message)).toContainEqual(
      expect.stringContaining('the stored Later list was unreadable'),
    );
  });

  it('only the extension’s pages read or change the list: a content script is refused', async () => {
    bg = await boot();
    for (const request of [{ type: 'getLater' }, { type: 'clearLater' }, { type: 'openLater', ids: [], oneWindow: true }])
      expect(await bg.send(request, CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
  });
});

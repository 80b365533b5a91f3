// Wires the Later list: the effect that saves a drifting tab and closes it, the keyboard shortcut, and what the pages ask of the list.
import { browser } from 'wxt/browser';
import { blockingOf, sessionOf } from '../../shared/core/controller';
import { blockedEntryFor } from '../../shared/strict/block-rules';
import { sessionKey } from '../../shared/history/segments';
import type { LaterEntry } from '../../shared/later/later-list';
import { savableUrl } from '../../shared/later/later-limits';
import type { Worker } from '../worker';
import { LaterStore } from './later-store';

/** The `commands` entry of the manifest (wxt.config.ts); the browser's shortcut settings change its keys. */
export const SAVE_FOR_LATER_COMMAND = 'save-for-later';

export interface Later {
  list(): Promise<LaterEntry[]>;
  remove(ids: readonly string[]): Promise<LaterEntry[]>;
  clear(): Promise<LaterEntry[]>;
  /** Opens these entries (each in a new tab, or all in one new window) and takes them off the list. */
  open(ids: readonly string[], oneWindow: boolean): Promise<LaterEntry[]>;
  /**
   * Keeps the address a strict session's block page stood in for (in tab `tabId`): only one this session blocks
   * now under `site`, never from a private window. Resolves to why not in words, or undefined once kept.
   */
  saveBlocked(url: string, site: string, tabId: number | undefined): Promise<string | undefined>;
}

/** Why a page is not kept, in words (diagnostics and the block page say them). */
const NOT_PRIVATE = 'not saved for later: pages of private windows are never kept';
const NOT_A_WEB_PAGE = 'not saved for later: only web pages (http, https) can be opened again';

export function wireLater(worker: Worker): Later {
  const store = new LaterStore({ warn: (message) => worker.diagnostics.add('warn', message) });

  /** Keeps `url` (seen in `tab`) on the list, in the running session when it is session `sessionId`; else why not, in words. */
  async function keep(tab: { incognito: boolean }, url: string, title: string, sessionId: number | null): Promise<string | undefined> {
    if (tab.incognito) return NOT_PRIVATE;
    if (!savableUrl(url)) return NOT_A_WEB_PAGE;
    const session = sessionOf(worker.shell.state);
    const inSession = session && session.id === sessionId ? sessionKey(session) : null;
    await store.add({ id: crypto.randomUUID(), url, title, savedAt: worker.now(), session: inSession });
    return undefined;
  }

  /** Keeps the tab on the list and closes it; a private window's tab, or a page no tab can open again, is refused in diagnostics. */
  async function saveTab(tabId: number, sessionId: number | null): Promise<void> {
    const tab = await browser.tabs.get(tabId);
    const problem = await keep(tab, tab.url ?? '', tab.title ?? '', sessionId);
    if (problem) return worker.diagnostics.add('info', problem);
    await browser.tabs.remove(tabId);
  }

  worker.effects.saveForLater = async (place, sessionId) => {
    if (place.ref) await saveTab(place.ref.tabId, sessionId);
  };

  /**
   * The shortcut: the tab in front, any time — the one the observer saw last (in a session or not), else the
   * active tab of the last focused window. When it is the drift the person is answering, it is that answer.
   */
  async function saveActiveTab(): Promise<void> {
    const state = worker.shell.state;
    const seen = state.drift.current?.source === 'tab' ? state.drift.current.ref?.tabId : undefined;
    const tabId = seen ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
    if (tabId === undefined) return;
    const drifting = state.phase !== 'idle' && state.drift.status === 'drifting' && seen === tabId;
    if (drifting) return worker.send({ type: 'savedForLaterChosen', at: worker.now() });
    await saveTab(tabId, sessionOf(state)?.id ?? null);
  }
  worker.platform.onCommand?.((command) => {
    if (command === SAVE_FOR_LATER_COMMAND) void worker.ready.then(saveActiveTab).catch(worker.warn('saving the tab for later'));
  });

  async function saveBlocked(url: string, site: string, tabId: number | undefined): Promise<string | undefined> {
    const blocking = blockingOf(worker.shell.state, worker.now());
    // Any page can open the block page with any address after its #: only what this session blocks is kept.
    if (!blocking || blockedEntryFor(blocking.entries, url) !== site)
      return `not saved for later: ${site || 'that address'} is not blocked by a running strict session`;
    const tab = tabId === undefined ? undefined : await browser.tabs.get(tabId).catch(() => undefined);
    if (!tab) return 'not saved for later: the block page is not in a tab';
    // A blocked page never loaded: it has no title (the list shows its site).
    return keep(tab, url, '', blocking.sessionId);
  }

  return {
    saveBlocked,
    list: () => store.list(),
    remove: (ids) => store.remove(ids),
    clear: () => store.clear(),
    async open(ids, oneWindow) {
      const wanted = new Set(ids);
      const entries = (await store.list()).filter((e) => wanted.has(e.id));
      if (entries.length === 0) return store.list();
      if (oneWindow) await browser.windows.create({ url: entries.map((e) => e.url), focused: true });
      else for (const [i, entry] of entries.entries()) await browser.tabs.create({ url: entry.url, active: i === 0 });
      return store.remove(entries.map((e) => e.id));
    },
  };
}

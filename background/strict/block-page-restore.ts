// Block pages the browser brings back after a restart load again: Chrome's per-session address (use_dynamic_url) refuses them.
import { browser } from 'wxt/browser';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import type { Diagnostics } from '../diagnostics';

interface ContextsApi {
  getContexts(filter: { contextTypes: string[]; tabIds: number[] }): Promise<unknown[]>;
}

/**
 * A block page the page guard opened was a navigation the page started (location.replace). Chrome keeps that page as
 * its starter in the tab's history, so after a restart it restores the block page on the site's behalf, and a
 * resource served at a per-session address refuses a fixed one: the tab shows an error. Such a tab, loaded and with
 * none of our pages alive in it, is loaded again by the extension itself, which may always open its own page (the
 * same address again: Chrome replaces the entry, so Back is unchanged). Once per tab and address: never a loop.
 */
export function trackRestoredBlockPages(diagnostics: Diagnostics): void {
  const runtime = browser.runtime as unknown as Partial<ContextsApi>;
  if (typeof runtime.getContexts !== 'function') return; // Firefox: its addresses are fixed per install; nothing to repair
  const getContexts = runtime.getContexts.bind(runtime);
  // getURL gives the per-session address; a tab's committed address carries the extension's fixed ID.
  const blockPages = new Set([
    browser.runtime.getURL(EXTENSION_PAGES.blocked),
    `chrome-extension://${browser.runtime.id}${EXTENSION_PAGES.blocked}`,
  ]);
  const tried = new Map<number, string>();

  async function repair(tabId: number, url: string): Promise<void> {
    if (!blockPages.has(url.split(/[?#]/)[0]!) || tried.get(tabId) === url) return;
    if ((await getContexts({ contextTypes: ['TAB'], tabIds: [tabId] })).length > 0) return;
    tried.set(tabId, url);
    await browser.tabs.update(tabId, { url }).catch((error: unknown) => {
      diagnostics.add('warn', `strict session: a restored block page could not be loaded again: ${String(error)}`);
    });
  }

  // Any news of a loaded tab, not only its load's end: a tab restored before this worker listened may report nothing
  // but a title, and a tab the person brings to the front is looked at again.
  browser.tabs.onUpdated.addListener((tabId, _changed, tab) => {
    if (tab.status === 'complete' && tab.url) void repair(tabId, tab.url).catch(() => {});
  });
  browser.tabs.onActivated.addListener(({ tabId }) => {
    void browser.tabs
      .get(tabId)
      .then((tab) => (tab.status === 'complete' && tab.url ? repair(tabId, tab.url) : undefined))
      .catch(() => {});
  });
  browser.tabs.onRemoved.addListener((tabId) => tried.delete(tabId));
  // Tabs restored before this worker listened sent their events to nobody: the browser's start looks at them all once.
  // Not every wake: a tab that missed both still reports a title, or is brought to the front (above), and a wake's
  // first look must not share its moment with a query of every tab (bench 2c).
  browser.runtime.onStartup.addListener(() => {
    void browser.tabs
      .query({ status: 'complete' })
      .then((tabs) => Promise.all(tabs.map((tab) => tab.id !== undefined && tab.url && repair(tab.id, tab.url))))
      .catch(() => {});
  });
}

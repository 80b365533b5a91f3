// The page guard in a page: a blocked page is hidden and replaced by the block page, at load and when the back/forward cache brings it back; any other page is untouched.
import { describe, expect, it, vi } from 'vitest';
import { GUARD_HIDE_LIMIT_MS, startPageGuard } from '../../entrypoints/content/page-guard';
import { PAGE_GUARD_KEY, pageGuardOf } from '../../shared/strict/page-guard';
import { siteTarget } from '../../shared/strict/site-entry';

/** What the worker stores for a strict session blocking `entry` (private tabs left alone). */
const guardOf = (entry: string) => pageGuardOf({ sessionId: 1, entries: [entry], includeIncognito: false }, siteTarget);

function fakeWindow(href: string, controlled = false) {
  const replaced: string[] = [];
  const win = window as Window;
  const location = { href, replace: (url: string) => void replaced.push(url) };
  const listeners: Array<(e: PageTransitionEvent) => void> = [];
  const fake = new Proxy(win, {
    get: (target, key) =>
      key === 'location'
        ? location
        : key === 'navigator'
          ? { serviceWorker: { controller: controlled ? {} : null } }
          : key === 'addEventListener'
            ? (type: string, fn: (e: PageTransitionEvent) => void) => type === 'pageshow' && listeners.push(fn)
            : (Reflect.get(target, key) as unknown),
  });
  return {
    win: fake,
    replaced,
    location,
    pageshow: (persisted: boolean) => listeners.forEach((fn) => fn({ persisted } as PageTransitionEvent)),
  };
}

const hidden = () => document.getElementById('antidrift-page-guard') !== null;

describe('startPageGuard', () => {
  it('a blocked page is hidden and replaced by the block page; an allowed one is left alone', async () => {
    document.getElementById('antidrift-page-guard')?.remove();
    let stored: unknown = guardOf('videos.test');
    const read = vi.fn((key: string) => Promise.resolve(key === PAGE_GUARD_KEY ? stored : undefined));
    const blockPage = (path: string) => `chrome-extension://id${path}`;

    const allowed = fakeWindow('https://docs.test/');
    startPageGuard({ read, blockPage, incognito: false, window: allowed.win });
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(allowed.replaced).toEqual([]);
    expect(hidden()).toBe(false);
    expect(document.querySelector('antidrift-cover')).toBeNull();

    const blocked = fakeWindow('https://www.videos.test/watch');
    startPageGuard({ read, blockPage, incognito: false, window: blocked.win });
    await vi.waitFor(() =>
      expect(blocked.replaced).toEqual(['chrome-extension://id/blocked.html?site=videos.test#https://www.videos.test/watch']),
    );
    expect(hidden()).toBe(true);
    // The cover shows at once, in a closed root: the page gets no way at it, and it names neither the session nor the site.
    const cover = document.querySelector('antidrift-cover');
    expect(cover).not.toBeNull();
    expect(cover!.shadowRoot).toBeNull();
    expect(document.documentElement.textContent).not.toMatch(/Blocked in your focus session|parser/);
    cover!.remove();

    // Back/forward cache: the session started after the page was first shown.
    document.getElementById('antidrift-page-guard')?.remove();
    stored = undefined;
    const cached = fakeWindow('https://videos.test/');
    startPageGuard({ read, blockPage, incognito: false, window: cached.win });
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(3));
    stored = guardOf('videos.test');
    cached.pageshow(false);
    await Promise.resolve();
    expect(cached.replaced).toEqual([]);
    cached.pageshow(true);
    await vi.waitFor(() => expect(cached.replaced).toEqual(['chrome-extension://id/blocked.html?site=videos.test#https://videos.test/']));
  });

  it('a page prerendered before the session is asked again when it is shown, and hidden first', async () => {
    document.getElementById('antidrift-page-guard')?.remove();
    let stored: unknown = undefined;
    const read = vi.fn(() => Promise.resolve(stored));
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    try {
      const page = fakeWindow('https://live.news.test/');
      startPageGuard({ read, blockPage: (path) => `chrome-extension://id${path}`, incognito: false, window: page.win });
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
      await Promise.resolve();
      expect(page.replaced).toEqual([]);
      stored = guardOf('live.news.test');
      document.dispatchEvent(new Event('prerenderingchange'));
      expect(hidden()).toBe(true);
      await vi.waitFor(() =>
        expect(page.replaced).toEqual(['chrome-extension://id/blocked.html?site=live.news.test#https://live.news.test/']),
      );
      document.dispatchEvent(new Event('prerenderingchange'));
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      delete (document as Document & { prerendering?: boolean }).prerendering;
      document.getElementById('antidrift-page-guard')?.remove();
    }
  });

  it('a context gone (the extension reloaded) blocks nothing and throws nothing', async () => {
    const page = fakeWindow('https://videos.test/');
    const read = vi.fn(() => Promise.reject(new Error('Extension context invalidated.')));
    startPageGuard({ read, blockPage: (p) => p, incognito: false, window: page.win });
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(page.replaced).toEqual([]);
  });

  it('a page its service worker serves stays hidden until the answer: shown when allowed, kept hidden when blocked, shown after the limit when no answer comes', async () => {
    vi.useFakeTimers();
    try {
      document.getElementById('antidrift-page-guard')?.remove();
      let answer!: (value: unknown) => void;
      const read = () => new Promise<unknown>((resolve) => (answer = resolve));
      const allowed = fakeWindow('https://mail.test/', true);
      startPageGuard({ read, blockPage: (p) => p, incognito: false, window: allowed.win });
      expect(hidden()).toBe(true);
      answer(guardOf('videos.test'));
      await vi.waitFor(() => expect(hidden()).toBe(false));
      vi.advanceTimersByTime(GUARD_HIDE_LIMIT_MS + 1); // (each page has a document of its own; these share one)

      const blocked = fakeWindow('https://videos.test/', true);
      startPageGuard({ read, blockPage: (p) => p, incognito: false, window: blocked.win });
      answer(guardOf('videos.test'));
      await vi.waitFor(() => expect(blocked.replaced).toEqual(['/blocked.html?site=videos.test#https://videos.test/']));
      vi.advanceTimersByTime(GUARD_HIDE_LIMIT_MS + 1);
      expect(hidden()).toBe(true);

      document.getElementById('antidrift-page-guard')?.remove();
      const silent = fakeWindow('https://mail.test/', true);
      startPageGuard({ read: () => new Promise(() => {}), blockPage: (p) => p, incognito: false, window: silent.win });
      expect(hidden()).toBe(true);
      vi.advanceTimersByTime(GUARD_HIDE_LIMIT_MS - 1);
      expect(hidden()).toBe(true);
      vi.advanceTimersByTime(2);
      expect(hidden()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

// The page guard's work in a page: ask whether this page is blocked as it comes up (and when the back/forward cache or a prerender's activation shows it), and if so, keep it hidden and replace it with the block page.
import { blockPageUrl } from '../../shared/strict/block-page-url';
import { PAGE_GUARD_KEY, pageGuardBlocks } from '../../shared/strict/page-guard';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { pageNow } from '../../test-hooks/clock';

/** The machine's clock, as the background's; the end-to-end build's moves as its worker's does (compiled out elsewhere). */
const now = pageNow();

/** The longest a page stays hidden waiting for the answer: past it, it shows (the background's check still follows). */
export const GUARD_HIDE_LIMIT_MS = 500;

export interface PageGuardOptions {
  /** storage.local's value at `key` (undefined when absent). */
  read(key: string): Promise<unknown>;
  /** The extension URL of a path (runtime.getURL). */
  blockPage(path: string): string;
  incognito: boolean;
  window?: Window;
}

const HIDDEN_ID = 'antidrift-page-guard';
/** The longest the block page waits for the cover's frame (a tab in the background paints none). */
const COVER_FRAME_WAIT_MS = 100;

/** The cover's look: neutral, the page's whole window, above anything of the page's; visible while the page is hidden. */
const COVER_CSS =
  ':host{all:initial!important;position:fixed!important;inset:0!important;z-index:2147483647!important;visibility:visible!important;' +
  'display:flex!important;align-items:center!important;justify-content:center!important;background:#f6f8fa!important;' +
  'font:16px/1.4 system-ui,sans-serif!important;color:#3d444d!important;opacity:1!important}' +
  '@media (prefers-color-scheme:dark){:host{background:#1c2128!important;color:#c9d1d9!important}}';

/**
 * A neutral cover in the page itself, painted in the frame after the answer: the person sees at once that the page is
 * blocked, and the block page (another origin) takes over a moment later. It says nothing of the commitment: the page's
 * scripts could read what is in their own document.
 */
function cover(doc: Document): void {
  const host = doc.createElement('antidrift-cover');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = COVER_CSS;
  root.append(style, 'Blocked in your focus session');
  doc.documentElement.append(host);
}

export function startPageGuard(options: PageGuardOptions): void {
  const win = options.window ?? window;
  const doc = win.document;

  const hide = () => {
    if (doc.getElementById(HIDDEN_ID)) return;
    const style = doc.createElement('style');
    style.id = HIDDEN_ID;
    style.textContent = 'html { visibility: hidden !important; }';
    (doc.head ?? doc.documentElement).append(style);
  };
  const show = () => doc.getElementById(HIDDEN_ID)?.remove();

  /** Once the page is on its way to the block page it stays hidden, whatever the time limit says. */
  let blocked = false;

  const check = async (): Promise<void> => {
    let stored: unknown;
    try {
      stored = await options.read(PAGE_GUARD_KEY);
    } catch {
      show(); // the extension was reloaded or removed: nothing is blocked by it any more
      return;
    }
    const entry = pageGuardBlocks(stored, { url: win.location.href, incognito: options.incognito }, now());
    if (entry === undefined) return show();
    blocked = true;
    hide();
    cover(doc);
    // replace(): the blocked address leaves the tab's history, as the network rule's redirect does, so Back goes where the person was.
    const target = options.blockPage(blockPageUrl(EXTENSION_PAGES.blocked, entry, win.location.href));
    let gone = false;
    const go = () => {
      if (gone) return;
      gone = true;
      win.location.replace(target);
    };
    // After the frame that paints the cover: sent on at once, the tab often showed nothing at all (the page hidden) until
    // the block page's own first paint, a few hundred ms later. A tab in the background paints no frame: then on a timer.
    win.requestAnimationFrame(() => win.setTimeout(go, 0));
    win.setTimeout(go, COVER_FRAME_WAIT_MS);
  };

  /**
   * A page its site's service worker serves (it controls the page from its first moment) or one the back/forward
   * cache brings back never met the network rules: it stays hidden until the answer, so none of it is painted
   * when it is blocked. Every other page paints as usual while the guard asks.
   */
  const guard = (hideFirst: boolean) => {
    if (hideFirst) {
      hide();
      win.setTimeout(() => blocked || show(), GUARD_HIDE_LIMIT_MS);
    }
    void check();
  };
  guard(Boolean(win.navigator.serviceWorker?.controller));
  win.addEventListener('pageshow', (event) => {
    if (event.persisted) guard(true);
  });
  // A page prerendered before the session is shown when the person goes to it: asked again then, hidden first.
  // (Chromium's network rules stop such a visit too, as measured; this holds where they do not.)
  if ((doc as Document & { prerendering?: boolean }).prerendering)
    doc.addEventListener('prerenderingchange', () => guard(true), { once: true });
}

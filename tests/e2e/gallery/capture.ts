// Renders one view at 100 % and 200 % zoom, writes its screenshots, checks its layout and runs axe; the gallery's index at the end.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Frame, Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../../../harness/chromium';
import { axeViolations } from '../axe';
import { layoutProblems } from './layout';

/** Generated output, never committed: a run's pictures differ from the last one's by a few bytes (docs/TESTING.md). */
export const GALLERY_DIR = join(REPO_ROOT, 'artifacts', 'gallery');

export const ZOOMS = [100, 200] as const;
export type Zoom = (typeof ZOOMS)[number];

/** A page's window, 1280 × 800: at 200 % it shows 640 × 400 CSS px. */
const PAGE_WINDOW = { width: 1280, height: 800 };
/** Chrome's largest popup, in device-independent pixels: 400 × 300 CSS px at 200 %. */
export const POPUP_MAX = { width: 800, height: 600 };

/**
 * The popup's window as Chrome sizes it (its auto-size, measured in tests/e2e/gallery.test.ts against
 * the real toolbar popup): as wide as its body and as tall as its content, up to POPUP_MAX at this
 * zoom; taller content scrolls, and the window grows by the scrollbar's width so nothing goes under it.
 */
export function popupViewport(page: Page, zoom: Zoom): Promise<{ width: number; height: number }> {
  return page.evaluate(
    ({ max, scale }) => {
      const probe = document.createElement('div');
      probe.style.cssText = 'position:absolute;top:-200px;width:100px;height:100px;overflow:scroll';
      document.body.append(probe);
      const bar = probe.offsetWidth - probe.clientWidth;
      probe.remove();
      const maxWidth = Math.floor(max.width / scale);
      const maxHeight = Math.floor(max.height / scale);
      const box = document.body.getBoundingClientRect();
      const body = Math.ceil(box.width);
      // The body's own height, not the document's (that is at least the viewport's). Within the largest
      // size Chrome shows no scrollbar at all (auto-size turns them off): a fraction of a pixel over is
      // given its pixel, not a scrollbar the real popup would not have.
      const scrolls = Math.round(box.height) > maxHeight;
      return { width: Math.min(maxWidth, body + (scrolls ? bar : 0)), height: scrolls ? maxHeight : Math.ceil(box.height) };
    },
    { max: POPUP_MAX, scale: zoom / 100 },
  );
}

export interface Shot {
  surface: string;
  view: string;
  setup: string | null;
  zoom: Zoom;
  file: string;
  problems: string[];
}

export interface CaptureOptions {
  surface: 'popup' | 'options' | 'welcome' | 'history' | 'toast' | 'blocked';
  view: string;
  setup?: string;
  /** What the screenshot shows: this element whole (the popup), else the first screen. */
  element?: Locator;
  /** axe looks only inside this. */
  axeInclude?: string;
  /** axe looks in this frame's document instead (the in-page surfaces: a frame of the extension's inside a site's page). */
  axeIn?: Frame;
}

export class Gallery {
  readonly shots: Shot[] = [];
  private readonly sessions = new WeakMap<Page, CDPSession>();

  constructor() {
    mkdirSync(GALLERY_DIR, { recursive: true });
    // Every run writes the whole gallery: a view that is gone leaves no stale picture behind.
    for (const name of readdirSync(GALLERY_DIR)) if (/\.(png|md|html)$/.test(name)) rmSync(join(GALLERY_DIR, name));
  }

  private async cdp(page: Page): Promise<CDPSession> {
    let session = this.sessions.get(page);
    if (!session) {
      session = await page.context().newCDPSession(page);
      this.sessions.set(page, session);
    }
    return session;
  }

  /** Renders the view at each zoom: layout facts (with every fold opened) and axe, then its screenshot. */
  async capture(page: Page, o: CaptureOptions): Promise<void> {
    // In front: a tab behind gets its animation frames (the settling below) and its pictures at a second each.
    await page.bringToFront();
    const cdp = await this.cdp(page);
    const kind = o.surface === 'popup' ? 'popup' : 'page';
    const settle = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const emulate = (size: { width: number; height: number }, zoom: Zoom) =>
      cdp.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: zoom / 100, mobile: false });
    const zoomTo = async (zoom: Zoom) => {
      const scale = zoom / 100;
      if (kind === 'page') {
        await emulate({ width: PAGE_WINDOW.width / scale, height: PAGE_WINDOW.height / scale }, zoom);
      } else {
        // First at the body's width, to measure the content; then as Chrome would size the window for it.
        await emulate({ width: 360, height: Math.floor(POPUP_MAX.height / scale) }, zoom);
        await settle();
        await emulate(await popupViewport(page, zoom), zoom);
      }
      await settle();
    };
    for (const zoom of ZOOMS) {
      await zoomTo(zoom);
      // What is folded away is laid out too when opened: a command inside a fold must fit as well.
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details:not([open])')) {
          d.setAttribute('data-gallery-opened', '');
          (d as HTMLDetailsElement).open = true;
        }
      });
      const problems = [
        ...(await layoutProblems(page)),
        // A frame's document is a part of the page around it, not a page: checked from its body, so the rules about a
        // whole page (one main landmark, one level-one heading) stay the page's.
        ...(await axeViolations(o.axeIn ?? page, o.axeIn ? 'body' : o.axeInclude)).map((v) => `axe ${v}`),
      ];
      // At 100 % the whole popup, footer included, fits Chrome's largest popup: nothing to scroll to.
      if (kind === 'popup' && zoom === 100) {
        const height = (await popupViewport(page, zoom)).height;
        const content = await page.evaluate(() => document.body.getBoundingClientRect().height);
        if (Math.round(content) > height) problems.push(`the popup scrolls: ${Math.round(content)} px of content in ${height} px`);
      }
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details[data-gallery-opened]')) {
          d.removeAttribute('data-gallery-opened');
          (d as HTMLDetailsElement).open = false;
        }
      });
      const file = `${[o.surface, o.view, o.setup].filter(Boolean).join('.')}.${zoom}.png`;
      this.shots.push({ surface: o.surface, view: o.view, setup: o.setup ?? null, zoom, file, problems });
      // The picture shows the page as it opens: folds closed again, laid out before it is taken.
      await settle();
      await this.screenshot(page, join(GALLERY_DIR, file), o.element);
    }
    await cdp.send('Emulation.clearDeviceMetricsOverride');
  }

  /**
   * Through CDP, in the emulated device pixels (Playwright's own screenshot would take them at 1×): the
   * element whole, beyond the viewport if it is taller, or the first screen.
   */
  private async screenshot(page: Page, path: string, element: Locator | undefined): Promise<void> {
    const cdp = await this.cdp(page);
    const clip = element
      ? await element.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height, scale: 1 };
        })
      : undefined;
    const shot = await cdp.send('Page.captureScreenshot', { format: 'png', ...(clip ? { clip, captureBeyondViewport: true } : {}) });
    writeFileSync(path, Buffer.from(shot.data, 'base64'));
  }

  /** Every problem found, one line each with the view it was found in. */
  problems(): string[] {
    return this.shots.flatMap((s) => s.problems.map((p) => `${s.file}: ${p}`));
  }

  /** artifacts/gallery/README.md, a table per surface, and index.html, every picture on one page (`npm test` prints where). */
  writeIndex(columns: { setups: readonly string[] }): void {
    const cell = (surface: string, view: string, setup: string | null) => {
      const shots = this.shots.filter((s) => s.surface === surface && s.view === view && s.setup === setup);
      if (shots.length === 0) return '—';
      const mark = shots.some((s) => s.problems.length) ? ' ✗' : '';
      return shots.map((s) => `[${s.zoom} %](${s.file})`).join(' · ') + mark;
    };
    const lines = [
      '# The state gallery',
      '',
      'Every view of every surface, in real Chromium with the built extension and the real helper, written by',
      '`tests/e2e/gallery.test.ts` (the `e2e` tier of `npm test`). Each view is rendered in each setup state',
      'where that state changes it, at 100 % and at 200 % zoom. The popup is sized as Chrome sizes the real',
      'toolbar popup (as wide as its body, as tall as its content up to 800 × 600 device pixels, wider by the',
      'scrollbar when it scrolls; the test checks that against the real popup); a page’s window is 1280 × 800.',
      'Each view passed these checks, or the run failed:',
      '',
      '- the page does not scroll sideways;',
      '- no element holding text is narrower than 60 px and wraps it, and no text is under 12 px;',
      '- no button, link, field or command is cut off (outside the window, inside a box that clips it,',
      '  scrolling its own content, or a select too narrow for its label): commands wrap;',
      '- at 100 %, the whole popup fits in Chrome’s 600 px, footer included;',
      '- axe-core finds no violation.',
      '',
      'Folded parts (`<details>`) are opened for the layout check; the pictures show the page as it opens.',
      'The setup states are in `ui/setup-state.ts`; the popup’s views in `ui/popup-view.ts`. A new one fails',
      'the typecheck until the gallery reaches it.',
      '',
    ];
    const order = ['popup', 'welcome', 'options', 'history', 'toast'];
    const surfaces = [...new Set(this.shots.map((s) => s.surface))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    for (const surface of surfaces) {
      const views = [...new Set(this.shots.filter((s) => s.surface === surface).map((s) => s.view))];
      const setups = columns.setups.filter((setup) => this.shots.some((s) => s.surface === surface && s.setup === setup));
      lines.push(`## ${surface[0]!.toUpperCase()}${surface.slice(1)}`, '');
      if (setups.length) {
        lines.push(`| view | ${setups.join(' | ')} |`, `|---|${setups.map(() => '---').join('|')}|`);
        for (const view of views) lines.push(`| ${view} | ${setups.map((setup) => cell(surface, view, setup)).join(' | ')} |`);
      } else {
        lines.push('| view | pictures |', '|---|---|');
        for (const view of views) lines.push(`| ${view} | ${cell(surface, view, null)} |`);
      }
      lines.push('');
    }
    writeFileSync(join(GALLERY_DIR, 'README.md'), `${lines.join('\n')}`);
    writeFileSync(join(GALLERY_DIR, 'index.html'), galleryPage(this.shots));
  }
}

/**
 * The real toolbar popup's window for what `page` (the popup page in a tab) shows: opened from that page
 * as a person's click would, measured once it shows `view` (its first frame may be drawn before the
 * background has answered), closed. The gallery's popup viewport must equal it.
 */
export async function realPopupSize(page: Page, view: string): Promise<{ width: number; height: number; view: string | null }> {
  await page.evaluate(() => chrome.action.openPopup());
  const read = () =>
    page.evaluate(() =>
      chrome.extension.getViews({ type: 'popup' }).map((v) => ({
        width: v.innerWidth,
        height: v.innerHeight,
        view: v.document.querySelector('main.popup')?.getAttribute('data-view') ?? null,
      })),
    );
  let last = '';
  // Showing the view, and the window done resizing to it: two reads in a row agree.
  for (let i = 0; i < 100; i++) {
    const now = JSON.stringify(await read());
    if (now === last && now.includes(`"view":"${view}"`)) break;
    last = now;
    await new Promise((done) => setTimeout(done, 100));
  }
  const [size] = await read();
  await page.evaluate(() => chrome.extension.getViews({ type: 'popup' }).forEach((v) => v.close()));
  if (!size) throw new Error('the toolbar popup did not open');
  return size;
}

/** The gallery as one page to scroll through: each view's pictures side by side, a problem in red beside its view. */
function galleryPage(shots: readonly Shot[]): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = shots.map(
    (s) =>
      `<figure><img src="${escape(s.file)}" alt="${escape(s.file)}" loading="lazy"><figcaption>${escape(s.file)}` +
      `${s.problems.map((p) => `<br><b>${escape(p)}</b>`).join('')}</figcaption></figure>`,
  );
  return [
    '<!doctype html><meta charset="utf-8"><title>antidrift: the state gallery</title>',
    '<style>body{font:14px system-ui;margin:16px}figure{display:inline-block;vertical-align:top;margin:8px}',
    'img{max-width:640px;border:1px solid #ccc}b{color:#b00}</style>',
    `<h1>The state gallery</h1><p>${shots.length} pictures; what each view was checked for: README.md beside this page.</p>`,
    ...rows,
  ].join('\n');
}

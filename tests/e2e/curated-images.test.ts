// E2E: the curated pictures (scripts/curated-images.mjs), the README's and the stores', drawn in one real Chromium with the built
// extension and the real helper on a frozen clock: an unchanged UI draws the same pixels, so `npm run images` changes nothing then.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURATED } from '../../scripts/curated-images.mjs';
import { icon } from '../../scripts/make-icons.mjs';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { generateYear } from '../../harness/history-year';
import { EXTENSION_ORIGIN, REPO_ROOT } from '../../harness/chromium';
import { popupViewport } from './gallery/capture';
import { e2eForSuite, PARSER_TESTS, startSession } from './harness';
import { Toast, type PopupPage } from './pages';

/**
 * The instant the clock stands at: a Thursday afternoon, local time, so "this week" holds four days. Only the test moves it from
 * there (advanceClock), by the same steps on every run. Ahead of any real time this code will meet: the worker hands its deadlines to
 * chrome.alarms in its own time, and the browser fires at once an alarm it thinks is past.
 */
const FROZEN_AT = new Date(2037, 2, 12, 15, 30).getTime();
const LEXERS = 'You seem to be reading about lexers, not writing parser tests.';

const SCREEN = { width: 1280, height: 800 } as const;
const TILE = { width: 440, height: 280 } as const;

/**
 * Every image the stores get, at the size they ask for (docs/store/listing.md says which field each goes in). The
 * Chrome Web Store takes screenshots and the tile as JPEG or 24-bit PNG, no alpha; icons keep theirs.
 */
const IMAGES = [
  { file: 'screenshot-1-popup-session.png', ...SCREEN, alpha: false },
  { file: 'screenshot-2-drift-banner.png', ...SCREEN, alpha: false },
  { file: 'screenshot-3-strict-block-page.png', ...SCREEN, alpha: false },
  { file: 'screenshot-4-history.png', ...SCREEN, alpha: false },
  { file: 'screenshot-5-welcome.png', ...SCREEN, alpha: false },
  { file: 'promo-tile-440x280.png', ...TILE, alpha: false },
  { file: 'icon-128.png', width: 128, height: 128, alpha: true },
  { file: 'logo-300.png', width: 300, height: 300, alpha: true },
] as const;

/** A PNG's width, height and whether it has an alpha channel, from its IHDR chunk (the first, at byte 8). */
function pngHeader(bytes: Buffer): { width: number; height: number; alpha: boolean } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  // Colour types 4 and 6 carry alpha; a tRNS chunk would add it to the others (Chromium writes none).
  const colourType = bytes[25]!;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), alpha: colourType === 4 || colourType === 6 };
}

const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * The page at exactly `size` CSS pixels, one device pixel each (the window is smaller: the emulated viewport, as the
 * gallery's, is what is drawn), through CDP; `clip`: only that box. In front, so it gets its animation frames.
 */
async function picture(page: Page, size: { width: number; height: number }, clip?: string): Promise<Buffer> {
  await page.bringToFront();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: 1, mobile: false });
  await settle(page);
  const box = clip
    ? await page.locator(clip).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height, scale: 1 };
      })
    : undefined;
  const shot = await steady(page, async () => {
    const taken = await cdp.send('Page.captureScreenshot', { format: 'png', ...(box ? { clip: box } : {}) });
    return Buffer.from(taken.data, 'base64');
  });
  await cdp.send('Emulation.clearDeviceMetricsOverride');
  await cdp.detach();
  return shot;
}

/** Longer than the surfaces' one-second tick: a page whose clock was not read yet shows the machine's time until its next tick. */
const STILL_FOR_MS = 1_200;

/**
 * A picture of what the page shows once it stopped changing: taken until two in a row, STILL_FOR_MS apart, are the same. A page
 * still filling in (History adding its days), a colour still easing or a clock read late would otherwise differ from run to run.
 */
async function steady(page: Page, take: () => Promise<Buffer>): Promise<Buffer> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  // Nothing moving: what an animation or a transition shows depends on when the picture is taken.
  await page.addStyleTag({ content: '*, *::before, *::after { animation: none !important; transition: none !important; }' });
  let last = await take();
  for (let i = 0; i < 30; i++) {
    await new Promise((done) => setTimeout(done, STILL_FOR_MS));
    await settle(page);
    const next = await take();
    if (next.equals(last)) return next;
    last = next;
  }
  throw new Error(`${page.url()} did not stop changing: 30 pictures in a row differed`);
}

/** A README picture's size: the page's window as the tests open it. */
const README_PAGE = { width: 1100, height: 680 } as const;

/** Where this run draws a curated picture (under artifacts/), by its file name. */
function drawnPath(file: string): string {
  const image = CURATED.find((c) => basename(c.kept) === file);
  if (!image) throw new Error(`${file} is not a curated picture (scripts/curated-images.mjs)`);
  return join(REPO_ROOT, image.drawn);
}

function write(file: string, bytes: Buffer): void {
  const path = drawnPath(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}

/** No caret and no motion in a picture: the same pixels on every run. */
const STEADY = { caret: 'hide', animations: 'disabled' } as const;

/** The popup as the toolbar shows it (its box only), as the README shows it. */
async function popupShot(popup: PopupPage, file: string): Promise<void> {
  write(file, await steady(popup.page, () => popup.frame().screenshot(STEADY)));
}

/** A page's first screen, at the README's window size. */
async function pageShot(page: Page, file: string, element?: Locator): Promise<void> {
  await page.setViewportSize(README_PAGE);
  await settle(page);
  write(file, await steady(page, () => (element ?? page).screenshot(STEADY)));
}

/**
 * The two sites the pictures show, as a person would see them rather than the bare test pages (the page server's say they are
 * served for the tests): answered in this browser only, by Playwright, at the same addresses, so the extension sees the same tabs.
 */
const SITES: Record<string, string> = {
  'docs.test':
    '<main style="max-width:720px;margin:48px 64px;font:16px/1.6 system-ui,sans-serif;color:#24292f">' +
    '<p style="color:#57606a;margin:0">docs / parser / testing</p><h1 style="margin:8px 0 16px">Parser tests plan</h1>' +
    '<p>The parser turns the token stream into a syntax tree. Each case below gets a test in <code>parser.test.ts</code>; ' +
    'the plan is done when all of them pass.</p><h2 style="font-size:20px;margin-top:28px">Cases</h2><ol>' +
    '<li>Empty input gives an empty program.</li><li>Operator precedence: <code>1 + 2 * 3</code>.</li>' +
    '<li>Nested parentheses, and an unclosed one reports its line and column.</li>' +
    '<li>Unicode identifiers.</li><li>Error recovery: one bad statement does not stop the rest.</li></ol></main>',
  'videos.test':
    '<div style="display:flex;gap:24px;margin:24px;font:15px/1.4 system-ui,sans-serif;color:#0f0f0f">' +
    '<div style="flex:1"><div style="aspect-ratio:16/9;background:#1f1f1f;border-radius:12px;display:flex;align-items:center;' +
    'justify-content:center;color:#fff;font-size:64px">&#9654;</div><h1 style="font-size:20px;margin:12px 0 4px">Funny cats compilation</h1>' +
    '<p style="color:#606060;margin:0">1.2M views · 3 days ago</p></div><div style="width:300px">' +
    Array.from(
      { length: 6 },
      (_, i) =>
        '<div style="display:flex;gap:8px;margin-bottom:12px"><div style="width:140px;height:79px;background:#d9d9d9;border-radius:8px"></div>' +
        `<div><b>Cats, part ${i + 2}</b><div style="color:#606060;font-size:13px">${(i + 3) * 97}K views</div></div></div>`,
    ).join('') +
    '</div></div>',
};

async function serveSites(page: { route: BrowserContext['route'] }): Promise<void> {
  for (const [host, body] of Object.entries(SITES)) {
    await page.route(`http://${host}/**`, (route) => {
      const title = new URL(route.request().url()).searchParams.get('title') ?? host;
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html><head><meta charset="utf-8"><title>${title.replace(/[<&]/g, '')}</title></head><body style="margin:0">${body}</body></html>`,
      });
    });
  }
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The toolbar popup as Chrome sizes it (gallery/capture.ts: as wide as its body, as tall as its content), its box only. */
async function popupPicture(popup: PopupPage): Promise<Buffer> {
  const cdp = await popup.page.context().newCDPSession(popup.page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 360, height: 600, deviceScaleFactor: 1, mobile: false });
  await settle(popup.page);
  const size = await popupViewport(popup.page, 100);
  await cdp.detach();
  return picture(popup.page, size, 'main.popup');
}

describe('the curated pictures', () => {
  const e2e = e2eForSuite();
  const started = Date.now();

  beforeAll(async () => {
    // Every run draws them all: each file checked below is one this run wrote.
    for (const image of CURATED) rmSync(join(REPO_ROOT, image.drawn), { force: true });
    await e2e().freezeClock(FROZEN_AT);
    await e2e().parkPointer();
    const options = await e2e().options();
    await options.setNudgeInterval(0.25);
    await options.page.close();
    await serveSites(e2e().browser.context);
  });

  it('the welcome page, helper connected and AI ready', async () => {
    const welcome = await e2e().browser.context.newPage();
    await welcome.goto(`${EXTENSION_ORIGIN}${EXTENSION_PAGES.welcome}`);
    await welcome.locator('[data-setup-state="ready"]').first().waitFor();
    write('screenshot-5-welcome.png', await picture(welcome, SCREEN));
    await welcome.close();
  });

  it('Options, as it opens', async () => {
    const options = await e2e().options();
    await options.page.locator('[data-setup-state="ready"]').first().waitFor();
    await pageShot(options.page, 'options.png');
    await options.page.close();
  });

  it('the popup before and during a session, drawn where the toolbar opens it over the page it judges', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    const idle = await e2e().popup();
    await expect.poll(() => idle.hostStatus(), { timeout: 15_000 }).toContain('AI: claude · helper connected');
    await popupShot(idle, 'popup-idle.png');
    await idle.page.close();

    const starting = await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: ['videos.test'] });
    await starting.page.close();
    await docs.bringToFront();
    await e2e().expectBadge('ON');
    // Twenty-five minutes into the session, on the extension's clock: the popup then shows a session under way.
    await e2e().advanceClock(25 * 60_000);
    const site = await picture(docs, SCREEN);
    const popup = await e2e().popup();
    await popup.page.locator('main.popup[data-view="active"]').waitFor();
    await expect.poll(() => popup.status()).toBe('On task');
    await popupShot(popup, 'popup-active.png');
    const shown = await popupPicture(popup);
    await popup.page.close();
    // Composed in a blank page: the site as the tab shows it, the popup at the top right under the toolbar button.
    const board = await e2e().browser.context.newPage();
    await board.setContent(
      `<body style="margin:0;width:${SCREEN.width}px;height:${SCREEN.height}px;overflow:hidden;background:url(${dataUrl(site)})">` +
        `<img alt="" src="${dataUrl(shown)}" style="position:absolute;top:8px;right:24px;border:1px solid #c8c8c8;` +
        'border-radius:8px;box-shadow:0 10px 32px rgba(0,0,0,.28)"></body>',
    );
    await board.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    write('screenshot-1-popup-session.png', await picture(board, SCREEN));
    await board.close();
  });

  /** How many heads-up answers the worker has had (its diagnostics say each). */
  const nudgeAnswers = async () => {
    const stored = await (await e2e().sw()).evaluate(() => chrome.storage.session.get('diagnostics'));
    const lines = (stored as { diagnostics?: { message: string }[] }).diagnostics ?? [];
    return lines.filter((l) => l.message.startsWith('nudge (claude):')).length;
  };

  it('a heads-up on the allowed site whose title wanders, in the page and in the popup', async () => {
    const docs = e2e()
      .browser.context.pages()
      .find((p) => p.url().includes('docs.test'))!;
    await docs.bringToFront();
    // The ring's second title: the first heads-up goes out at once (none before it), and the fake judge reads lexers in it.
    await docs.evaluate(() => (document.title = 'Lexer generators compared'));
    const nudge = new Toast(docs);
    await nudge.expectTier('nudge', 15_000);
    expect(await nudge.text('nudge-message')).toBe(LEXERS);
    await nudge.settled();
    await pageShot(docs, 'toast-nudge.png');
    const popup = await e2e().popup();
    await expect.poll(() => popup.page.getByText(LEXERS).count()).toBe(1);
    await popupShot(popup, 'popup-heads-up.png');
    await popup.page.close();
    await nudge.click('nudge-dismiss');
  });

  it('the drift banner on a blocked site, and the popup while drifting', async () => {
    await e2e().advanceClock(3 * 60_000);
    const videos = await e2e().openSite('videos.test', 'Funny cats compilation');
    await videos.bringToFront();
    await e2e().expectBadge('!');
    const toast = new Toast(videos);
    await toast.expectTier('drift');
    await toast.settled();
    write('screenshot-2-drift-banner.png', await picture(videos, SCREEN));
    await pageShot(videos, 'toast-drift.png');
    await e2e().advanceClock(2 * 60_000);
    const popup = await e2e().popup();
    await expect.poll(() => popup.status()).toBe('Drifting');
    await popupShot(popup, 'popup-drifting.png');
    await popup.page.close();
    await videos.bringToFront();
    await toast.click('drift-back');
    await e2e().expectBadge('ON');
    await videos.close();
    // Back on the allowed site with two new titles in the ring, a second heads-up goes out at once (its message already dismissed,
    // so nothing shows): answered before the session ends, so History counts it on every run.
    await expect.poll(() => nudgeAnswers(), { timeout: 15_000 }).toBe(2);
  });

  it('the review at the end of the session', async () => {
    const popup = await e2e().popup();
    await popup.byId('end-session').click();
    await popup.page.locator('main.popup[data-view="review"]').waitFor();
    await popupShot(popup, 'popup-review.png');
    await popup.byId('review-yes').click();
    await popup.page.locator('main.popup[data-view="review"]').waitFor({ state: 'detached' });
    await popup.page.close();
  });

  it("a strict session's block page in place of a blocked site", async () => {
    // The block page is the extension's own answer to the address: nothing of Playwright's in between.
    await e2e().browser.context.unrouteAll();
    const popup = await e2e().popup();
    await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test'] });
    await popup.byId('strict').check();
    await popup.start();
    await popup.page.close();
    await e2e().advanceClock(12 * 60_000);
    const blocked = await e2e().browser.context.newPage();
    await blocked.goto(e2e().pages.url('videos.test', 'Funny cats compilation')).catch(() => {});
    await blocked.getByTestId('block-page').waitFor();
    await expect.poll(() => blocked.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('block-back');
    write('screenshot-3-strict-block-page.png', await picture(blocked, SCREEN));
    await blocked.close();
  });

  it('History with two weeks in it: the last seven days, and this week in light and dark', async () => {
    const history = await e2e().history();
    const at = await e2e().extensionNow();
    const weeks = generateYear(at, 5, 11, 14);
    const path = join(mkdtempSync(join(tmpdir(), 'antidrift-curated-')), 'weeks.json');
    writeFileSync(path, JSON.stringify({ format: 'antidrift-history', version: 1, exportedAt: at, ...weeks }));
    await history.byId('import-history').setInputFiles(path);
    await expect.poll(() => history.byId('data-result').textContent(), { timeout: 30_000 }).toMatch(/^Added \d+ records/);
    rmSync(path, { force: true });
    await history.byId('range-custom').click();
    await history.page.getByRole('heading', { name: /^Totals \d{4}-\d{2}-\d{2} to / }).waitFor();
    await history.page.evaluate(() => window.scrollTo(0, 0));
    write('screenshot-4-history.png', await picture(history.page, SCREEN));

    await history.byId('range-week').click();
    await history.page.getByRole('heading', { name: 'Totals this week' }).waitFor();
    await history.page.setViewportSize({ width: 1100, height: 1500 });
    await history.page.evaluate(() => window.scrollTo(0, 0));
    await settle(history.page);
    write('history.png', await steady(history.page, () => history.page.screenshot(STEADY)));
    await history.page.emulateMedia({ colorScheme: 'dark' });
    await settle(history.page);
    write('history-dark.png', await steady(history.page, () => history.page.screenshot(STEADY)));
    await history.page.close();
  });

  it('the small promotional tile: the icon, the name and what it does, in the same Chromium', async () => {
    const tile = await e2e().browser.context.newPage();
    await tile.setContent(
      `<body style="margin:0;width:${TILE.width}px;height:${TILE.height}px;display:flex;align-items:center;gap:24px;` +
        'box-sizing:border-box;padding:0 36px;background:#f4f8f5;font-family:system-ui,sans-serif;color:#1d2b22">' +
        `<img alt="" src="${dataUrl(icon(112))}" width="112" height="112">` +
        '<div><div style="font-size:40px;font-weight:700;letter-spacing:-0.5px">antidrift</div>' +
        '<div style="font-size:18px;line-height:1.35;margin-top:8px;color:#34473b">Keeps you on the work you committed to.</div>' +
        '</div></body>',
    );
    await tile.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    write('promo-tile-440x280.png', await picture(tile, TILE));
    await tile.close();
  });

  it('the store icons, drawn by the icon maker', () => {
    // The Chrome Web Store's icon is 96 px of art with 16 px of transparent padding; Edge's logo keeps the same proportion.
    write('icon-128.png', icon(128, 16));
    write('logo-300.png', icon(300, 38));
  });

  it('every curated picture is drawn by this run; the store images at their store size, each named by the listing', () => {
    for (const image of CURATED) {
      const path = join(REPO_ROOT, image.drawn);
      expect(statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0, image.drawn).toBeGreaterThanOrEqual(started);
    }
    const listing = readFileSync(join(REPO_ROOT, 'docs', 'store', 'listing.md'), 'utf8');
    for (const image of IMAGES) {
      const path = drawnPath(image.file);
      expect(pngHeader(readFileSync(path)), image.file).toEqual({ width: image.width, height: image.height, alpha: image.alpha });
      expect(listing, `docs/store/listing.md names ${image.file}`).toContain(`images/${image.file}`);
    }
  });
});

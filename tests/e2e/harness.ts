// End-to-end fixture: a temp profile and home, the host installed, the fake claude first on PATH, headed Chromium on Xvfb.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import {
  E2E_EXTENSION_DIR,
  EXTENSION_ORIGIN,
  REPO_ROOT,
  installHost,
  launchExtensionBrowser,
  startPageServer,
  startRealSites,
  type ExtensionBrowser,
  type PageServer,
  type RealSites,
} from '../../harness/chromium';
import { advanceClock, extensionNow, freezeClock, setAway, type InExtension } from '../../harness/test-hooks';
import type { TestIdleState } from '../../test-hooks/keys';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { HISTORY_FIRST_VIEW_MARK } from '../../ui/first-state-mark';
import { HistoryPage, OptionsPage, PopupPage } from './pages';
import { StepTrail } from './step-trail';
import { boundedProbe } from './bounded-probe';

export const FAKE_BIN = `${REPO_ROOT}tests/e2e/fixtures/bin`;
export const SCREENSHOTS = `${REPO_ROOT}artifacts/screenshots`;

/** One line of $HOME/fake-claude-calls.jsonl. */
export interface FakeCall {
  at: number;
  role: 'judge' | 'nudge' | 'coach' | 'test' | 'unknown';
  app?: string;
  titles?: string[];
  /** What the work involves, when the judge's or the heads-up's prompt carried it. */
  involves?: string;
}

export interface E2E {
  home: string;
  /** This browser's fake CLIs (links to tests/e2e/fixtures/bin), first on its PATH: remove one to uninstall it. */
  bin: string;
  userDataDir: string;
  display: string;
  /** The browser's environment (also the host's and, filtered, the backends'). */
  env: NodeJS.ProcessEnv;
  pages: PageServer;
  /** The real hostnames (www.youtube.com, www.reddit.com…) served from 127.0.0.1 over TLS: only with `realSites: true`, else it throws. */
  realSites: RealSites;
  browser: ExtensionBrowser;
  sw(): Promise<Worker>;
  badge(): Promise<string>;
  /** Waits until the toolbar badge reads `text`. */
  expectBadge(text: string, timeoutMs?: number): Promise<void>;
  /** Opens a page on `host` with `title` in a new tab and waits for it to load. */
  openSite(host: string, title: string): Promise<Page>;
  /** Opens a real-looking address (`https://www.youtube.com/watch?v=ID`) in a new tab, with `title` when given (else the one set or made), and waits for it to load. */
  openRealSite(address: string, title?: string): Promise<Page>;
  popup(): Promise<PopupPage>;
  options(): Promise<OptionsPage>;
  /** The History page, once it has drawn its first view. */
  history(): Promise<HistoryPage>;
  calls(): FakeCall[];
  /** Writes $HOME/fake-<cli>-mode (claude: auth, hang, prose; ollama: no-server, no-model, hang, prose), or removes it with null. */
  setFakeMode(mode: string | null, cli?: 'claude' | 'ollama'): void;
  /** Closes the browser and launches it again on the same profile and home; `restoreLastSession`: its windows and tabs come back, as with "Continue where you left off". */
  restart(options?: { restoreLastSession?: boolean }): Promise<void>;
  /** Moves the extension's clock `ms` forward (the end-to-end build's test clock): alarms it made due fire at once. Resolves with its new time. */
  advanceClock(ms: number): Promise<number>;
  /** Stops the extension's clock at `at` (local time on screen is then the same on every run); advanceClock still moves it. */
  freezeClock(at: number): Promise<number>;
  /** `ms` that will have passed when the browser next starts (call it just before closing the browser). */
  passWhileClosed(ms: number): Promise<void>;
  /** The extension's time now (the machine's, plus however far the tests moved it). */
  extensionNow(): Promise<number>;
  /** Says the person is away, as chrome.idle would after its threshold, or back (null): no waiting on real idle time. */
  setAway(state: TestIdleState | null): Promise<void>;
  /**
   * A person at the keyboard: the X pointer moves a pixel every 5 s (a third of chrome.idle's 15 s minimum: a loaded machine may delay a move by seconds) (Playwright's input never reaches X,
   * so without this chrome.idle would report the test's person away). Off: nobody touches anything.
   */
  presence(on: boolean): void;
  /** Moves the X pointer once: input, as a person coming back makes. */
  nudgePointer(): Promise<void>;
  /** Puts the X pointer beside Chromium's window (the screen is wider), where it hovers over nothing the pictures show. */
  parkPointer(): Promise<void>;
  /** Presses keys on the X display (xdotool's names, e.g. alt+shift+l) with Chromium's window in front: what the browser's own shortcuts hear. */
  pressKeys(keys: string): Promise<void>;
  /** Says yes to each backend, as a person's Allow does (stored: it holds across restarts). */
  allowAI(backends: readonly string[]): Promise<void>;
  /** Writes artifacts/screenshots/NAME.png: the element when given, else the viewport. */
  screenshot(page: Page, name: string, element?: Locator): Promise<void>;
  close(): Promise<void>;
}

export interface E2EOptions {
  /** false: no helper registered at all (a person with only the extension). */
  helper?: boolean;
  /** Run Chromium as a native Wayland client of this session (its env: WAYLAND_DISPLAY, SWAYSOCK…) instead of on Xvfb. */
  wayland?: NodeJS.ProcessEnv;
  /**
   * The backends the person has said yes to before the test begins (through the request the pages send), so the
   * fake claude gets the titles; default claude. tests/e2e/consent.test.ts starts with none and clicks Allow itself.
   */
  allow?: readonly string[];
  /** Also serve the real hostnames (harness/real-sites.ts: youtube.com, reddit.com, …) from 127.0.0.1, as `e2e.realSites`. */
  realSites?: boolean;
}

/** This worker's X display (one per worker: files run side by side, each with its own focus and idle time). */
export function e2eDisplay(): string {
  const displays = inject('e2eDisplays');
  return displays[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % displays.length]!;
}

/** How often a present person's pointer moves; well under chrome.idle's 15 s, so a slow xdotool run never reads as away. */
const PRESENCE_EVERY_MS = 5_000;

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  const display = options.wayland ? '' : e2eDisplay();
  const root = mkdtempSync(join(tmpdir(), 'antidrift-e2e-'));
  const home = join(root, 'home');
  const userDataDir = join(root, 'profile');
  const bin = join(root, 'bin');
  mkdirSync(home);
  mkdirSync(userDataDir);
  mkdirSync(bin);
  for (const name of readdirSync(FAKE_BIN)) symlinkSync(join(FAKE_BIN, name), join(bin, name));
  if (options.helper !== false) installHost(userDataDir, home);
  const pages = await startPageServer();
  const realSites = options.realSites ? await startRealSites() : undefined;
  const env: NodeJS.ProcessEnv = options.wayland
    ? { ...process.env, ...options.wayland, HOME: home, PATH: `${bin}:${process.env.PATH ?? ''}` }
    : { ...process.env, HOME: home, DISPLAY: display, PATH: `${bin}:${process.env.PATH ?? ''}` };
  if (options.wayland) delete env.DISPLAY;
  else delete env.WAYLAND_DISPLAY;
  const extraArgs = options.wayland ? ['--ozone-platform=wayland'] : [];
  const launch = (restoreLastSession = false) =>
    launchExtensionBrowser({
      userDataDir,
      home,
      env,
      hostResolverRules: realSites ? `${pages.resolverRules}, ${realSites.resolverRules}` : pages.resolverRules,
      ignoreCertificateErrors: realSites !== undefined,
      headless: false,
      extraArgs: restoreLastSession ? [...extraArgs, '--restore-last-session'] : extraArgs,
      extensionDir: E2E_EXTENSION_DIR,
    });

  const xdotool = (args: string[]) => new Promise<void>((resolve) => execFile('xdotool', args, { env, timeout: 10_000 }, () => resolve()));
  let step = 1;
  const jiggle = () => void xdotool(['mousemove_relative', '--', String((step = -step)), '0']);
  let presence: ReturnType<typeof setInterval> | null = options.wayland ? null : setInterval(jiggle, PRESENCE_EVERY_MS);

  const inWorker: InExtension = async (fn, arg) => (await e2e.sw()).evaluate(fn, arg);
  const e2e: E2E = {
    home,
    bin,
    userDataDir,
    display,
    env,
    pages,
    get realSites() {
      if (!realSites) throw new Error('the real sites are served only when the browser is started with `realSites: true`');
      return realSites;
    },
    browser: await launch(),
    sw: () => e2e.browser.serviceWorker(),
    badge: () => boundedProbe('the badge read', () => e2e.browser.badgeText()),
    async expectBadge(text, timeoutMs = 10_000) {
      await expect.poll(() => e2e.badge(), { timeout: timeoutMs, interval: 50 }).toBe(text);
    },
    async openSite(host, title) {
      const page = await e2e.browser.context.newPage();
      await page.goto(pages.url(host, title));
      await expect.poll(() => boundedProbe("the page's title", () => page.title())).toBe(title);
      return page;
    },
    async openRealSite(address, title) {
      const url = e2e.realSites.url(address, title);
      const page = await e2e.browser.context.newPage();
      await page.goto(url);
      const expected = e2e.realSites.title(url);
      await expect.poll(() => boundedProbe("the page's title", () => page.title())).toBe(expected);
      return page;
    },
    async popup() {
      const page = await e2e.browser.context.newPage();
      await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
      return new PopupPage(page);
    },
    async options() {
      const page = await e2e.browser.context.newPage();
      await page.goto(`${EXTENSION_ORIGIN}/options.html`);
      return new OptionsPage(page);
    },
    async history() {
      const page = await e2e.browser.context.newPage();
      await page.goto(`${EXTENSION_ORIGIN}${EXTENSION_PAGES.history}`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HISTORY_FIRST_VIEW_MARK);
      return new HistoryPage(page);
    },
    calls() {
      let text: string;
      try {
        text = readFileSync(join(home, 'fake-claude-calls.jsonl'), 'utf8');
      } catch {
        return [];
      }
      return text
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as FakeCall);
    },
    setFakeMode(mode, cli = 'claude') {
      const file = join(home, `fake-${cli}-mode`);
      if (mode === null) rmSync(file, { force: true });
      else writeFileSync(file, mode);
    },
    async restart(restartOptions = {}) {
      await e2e.browser.close();
      e2e.browser = await launch(restartOptions.restoreLastSession);
    },
    advanceClock: (ms) => advanceClock(inWorker, ms),
    freezeClock: (at) => freezeClock(inWorker, at),
    passWhileClosed: async (ms) => void (await advanceClock(inWorker, ms, true)),
    extensionNow: () => extensionNow(inWorker),
    setAway: (state) => setAway(inWorker, state),
    presence(on) {
      if (presence) clearInterval(presence);
      presence = on && !options.wayland ? setInterval(jiggle, PRESENCE_EVERY_MS) : null;
    },
    async parkPointer() {
      await xdotool(['mousemove', '1270', '790']);
    },
    async nudgePointer() {
      await xdotool(['mousemove_relative', '--', String((step = -step) * 5), '0']);
    },
    async pressKeys(keys) {
      await xdotool(['search', '--onlyvisible', '--class', 'chromium', 'windowactivate', '--sync']);
      await xdotool(['key', '--clearmodifiers', keys]);
    },
    async screenshot(page, name, element) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const path = join(SCREENSHOTS, `${name}.png`);
      await (element ? element.screenshot({ path }) : page.screenshot({ path }));
    },
    async allowAI(backends) {
      const page = await e2e.browser.context.newPage();
      await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
      for (const backend of backends) {
        const reply = (await page.evaluate(
          (b) => chrome.runtime.sendMessage({ type: 'answerAIConsent', backend: b, answer: 'allowed' }),
          backend,
        )) as {
          ok: boolean;
        };
        if (!reply.ok) throw new Error(`the yes for ${backend} was not stored: ${JSON.stringify(reply)}`);
      }
      await page.close();
    },
    async close() {
      if (presence) clearInterval(presence);
      await e2e.browser.close().catch(() => {});
      await pages.close();
      await realSites?.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  await e2e.allowAI(options.allow ?? ['claude']);
  return e2e;
}

/** Starts a session from the popup while `site` is the last page the person looked at. */
/** The commitment every scenario works on; the fake CLI judges pages against it. */
export const PARSER_TESTS = { nextAction: 'Write the parser tests', successCondition: 'All tests in parser.test.ts pass' };

/** Starts a session on the parser-tests commitment from the popup, with `site` as the page last looked at. */
export async function startSession(e2e: E2E, site: Page, lists: { allowed: string[]; blocked: string[] }): Promise<PopupPage> {
  await site.bringToFront();
  const popup = await e2e.popup();
  await popup.fillCommitment({ ...PARSER_TESTS, ...lists });
  await popup.start();
  return popup;
}

/** One browser for the enclosing describe block: started before its tests, closed after them. */
export function e2eForSuite(options: E2EOptions = {}): () => E2E {
  let e2e: E2E | undefined;
  const trail = new StepTrail();
  beforeAll(async () => {
    e2e = trail.watch(await startE2E(options));
  });
  beforeEach(() => trail.begin());
  afterEach((context) => trail.throwIfFailed(context));
  afterAll(async () => {
    await e2e?.close();
  });
  return () => {
    if (!e2e) throw new Error('the browser did not start');
    return e2e;
  };
}

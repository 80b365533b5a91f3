// Launches Firefox ESR over WebDriver BiDi (puppeteer-core) with the build as a temporary or sideloaded add-on and the host registered for it (the tier and the bench).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../shared/protocol/extension-id';
import { HOST_SCRIPT, REPO_ROOT } from './chromium';
import { startPageServer, type PageServer } from './page-server';
import { startRealSites, type RealSites } from './real-sites';
import { waitFor, within } from './processes';
import { advanceClock, type InExtension } from './test-hooks';

export const FIREFOX_PATH = process.env.ANTIDRIFT_FIREFOX ?? '/usr/bin/firefox-esr';
export const FIREFOX_BUILD = `${REPO_ROOT}.output/firefox-mv3`;
/** The end-to-end Firefox build (`npm run build:e2e`), with the test hooks: what the Firefox tier loads. */
export const E2E_FIREFOX_BUILD = `${REPO_ROOT}.output/e2e/firefox-mv3`;
const FAKE_BIN = `${REPO_ROOT}tests/e2e/fixtures/bin`;
/** Pinned before start (extensions.webextensions.uuids), so the extension's pages have a known origin. */
export const EXTENSION_UUID = '0d4c8f63-2a4b-4d2e-9d6e-6f1c2b3a4d5e';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

export interface FirefoxE2E {
  home: string;
  /** The test sites (Firefox's proxy for every http:// address) and what reached them. */
  pages: PageServer;
  /** The real hostnames (www.youtube.com, www.reddit.com…) served from 127.0.0.1 over TLS through a CONNECT proxy: only with `realSites: true`, else it throws. */
  realSites: RealSites;
  /** The running Firefox: a new one after `restart()` or `start()`. */
  browser: Browser;
  /** Opens a page on `host` (a *.test name, served here through Firefox's proxy setting). */
  openSite(host: string, title: string): Promise<Page>;
  /** Opens a real-looking address (`https://www.youtube.com/watch?v=ID`), with `title` when given (else the one set or made), and waits for it to load. */
  openRealSite(address: string, title?: string): Promise<Page>;
  /** Opens an extension page (popup.html, options.html) in a tab. */
  extensionPage(path: string): Promise<Page>;
  /** The toolbar badge, read through an extension page. */
  badge(): Promise<string>;
  /** The badge the tab at `url` shows when in front (its own, else the shared one). */
  tabBadge(url: string): Promise<string>;
  /** Moves the add-on's clock `ms` forward (the end-to-end build's test clock): alarms it made due fire at once. */
  advanceClock(ms: number): Promise<number>;
  /** `ms` that will have passed when Firefox next starts (call it just before `stop()`). */
  passWhileClosed(ms: number): Promise<void>;
  calls(): Array<{ role: string; app?: string; titles?: string[] }>;
  /** Quits Firefox as a person would, keeping the profile, the home and the page server (a `persistent` add-on only). */
  stop(): Promise<void>;
  /** Launches Firefox again on the same profile, prefs and environment after `stop()`. */
  start(): Promise<void>;
  /** `stop()` then `start()`: a browser restart. */
  restart(): Promise<void>;
  /** Quits Firefox (if running) and removes the profile, the home and the page server. */
  close(): Promise<void>;
}

/** Waits until a navigation to a moz-extension:// page has landed: Firefox never resolves that goto. */
async function landed(page: Page, prefix: string): Promise<void> {
  await waitFor(async () => {
    try {
      return (
        (await page.evaluate(() => location.href)).startsWith(prefix) && (await page.evaluate(() => document.readyState)) === 'complete'
      );
    } catch {
      return false;
    }
  }, `${prefix} to load`);
}

/** A page the add-on opened by itself (the welcome page), found among the browser's pages by its address. */
export async function waitForPage(ff: FirefoxE2E, url: string, timeoutMs = 15_000): Promise<Page> {
  let found: Page | undefined;
  await waitFor(
    async () => {
      for (const page of await ff.browser.pages()) {
        // A moz-extension page's url() may stay about:blank: its own location is the truth.
        const href = await page.evaluate(() => location.href).catch(() => '');
        if (href === url) {
          found = page;
          return true;
        }
      }
      return false;
    },
    `a page at ${url}`,
    timeoutMs,
  );
  return found!;
}

export interface FirefoxOptions {
  /** An X display to run Firefox on, headed (the desktop scenarios); headless when absent. */
  display?: string;
  /** Added to Firefox's environment (and so the host's), e.g. a session bus with a notification server. */
  env?: NodeJS.ProcessEnv;
  /** Another add-on folder (a release zip unzipped) instead of .output/firefox-mv3. */
  addonDir?: string;
  /** Registers the helper in `env`'s HOME (default: the checkout's built helper, by its own installer). */
  installHost?(env: NodeJS.ProcessEnv): void;
  /**
   * Sideloads the add-on into the profile instead of installing it as a temporary add-on, so it survives
   * `restart()` (a temporary add-on is gone when Firefox quits).
   */
  persistent?: boolean;
  /** The backends the person has said yes to before the test begins, through the pages' own request (default claude). */
  allow?: readonly string[];
  /**
   * Leaves nativeMessaging (optional on Firefox) ungranted: the test presses Allow itself. By default the harness
   * presses Options → Helper's Allow button once the add-on is in, as a person would, before the test begins.
   */
  leaveHelperUnallowed?: boolean;
  /**
   * Also serve the real hostnames (harness/real-sites.ts: youtube.com, reddit.com, …) from 127.0.0.1, as `realSites`:
   * https:// goes through its CONNECT proxy, and Firefox accepts its throwaway certificate (`acceptInsecureCerts`).
   */
  realSites?: boolean;
}

export async function startFirefox(options: FirefoxOptions = {}): Promise<FirefoxE2E> {
  const addonDir = options.addonDir ?? FIREFOX_BUILD;
  for (const p of [FIREFOX_PATH, `${addonDir}/manifest.json`, HOST_SCRIPT])
    if (!existsSync(p))
      throw new Error(`the Firefox tier needs ${p}: install firefox-esr and run \`npm run build && npm run build:firefox\``);
  const root = mkdtempSync(join(tmpdir(), 'antidrift-firefox-'));
  const home = join(root, 'home');
  mkdirSync(home);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PATH: `${FAKE_BIN}:${process.env.PATH ?? ''}`, ...options.env };
  if (options.display) {
    env.DISPLAY = options.display;
    for (const name of ['WAYLAND_DISPLAY', 'SWAYSOCK', 'HYPRLAND_INSTANCE_SIGNATURE', 'XDG_SESSION_TYPE']) delete env[name];
  }
  // The host's own installer, as a user would run it: ~/.mozilla/native-messaging-hosts in the temp home.
  if (options.installHost) options.installHost({ ...env, HOME: home });
  else execFileSync(process.execPath, [HOST_SCRIPT, 'install', '--browser', 'firefox', '--no-gnome-extension'], { env, stdio: 'ignore' });
  const realSites = options.realSites ? await startRealSites() : undefined;
  const pages = await startPageServer({ httpsOnly: realSites?.serves });
  const port = pages.port;
  const profile = join(root, 'profile');
  if (options.persistent) {
    // A proxy file: named after the add-on id, holding the unpacked folder's path; Firefox installs it from the
    // profile scope at startup and keeps it installed across restarts.
    mkdirSync(join(profile, 'extensions'), { recursive: true });
    writeFileSync(join(profile, 'extensions', GECKO_ID), `${resolve(addonDir)}\n`);
  }
  const launch = () =>
    puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: !options.display,
      // ANTIDRIFT_FIREFOX_LOG=1 shows Firefox's output, extension consoles included.
      dumpio: process.env.ANTIDRIFT_FIREFOX_LOG === '1',
      userDataDir: profile,
      env,
      // Lets BiDi navigate to moz-extension:// pages.
      args: ['--remote-allow-system-access'],
      // The WebDriver BiDi session's capability: Firefox then takes any certificate, even for a host on its HSTS preload list.
      acceptInsecureCerts: realSites !== undefined,
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
        // Every http:// site goes to the page server, which answers for any *.test host.
        'network.proxy.type': 1,
        'network.proxy.http': '127.0.0.1',
        'network.proxy.http_port': port,
        'network.proxy.no_proxies_on': '',
        // Every https:// site goes to the real sites' CONNECT proxy, which tunnels the served hosts to their TLS server and refuses the rest.
        ...(realSites && { 'network.proxy.ssl': '127.0.0.1', 'network.proxy.ssl_port': realSites.proxyPort }),
        'devtools.console.stdout.content': true,
        'devtools.console.stdout.chrome': true,
        // Service workers on the http:// test sites (a secure context is needed otherwise), as a real site's on https.
        'dom.serviceWorkers.testing.enabled': true,
        // permissions.request grants without Firefox's doorhanger (which BiDi cannot press); the request still has to come
        // from a click (the page's Allow button), as Firefox asks of it.
        'extensions.webextOptionalPermissionPrompts': false,
        ...(options.persistent && {
          // The sideloaded build is unsigned: without this ESR skips it silently.
          'xpinstall.signatures.required': false,
          // Profile (1) and application (4) scopes enabled, nothing auto-disabled: it starts without a prompt, with
          // <all_urls> and its data-collection permissions granted. Puppeteer's defaults too, pinned here.
          'extensions.enabledScopes': 5,
          'extensions.autoDisableScopes': 0,
        }),
      },
    });
  const failedStart = async (error: unknown, browser?: Browser): Promise<never> => {
    // Nothing of a start that failed is left running: a stray Firefox would slow every suite after it. (A launch that
    // never returned leaves its process to puppeteer's own exit handler.)
    await browser?.close().catch(() => {});
    await pages.close();
    await realSites?.close();
    rmSync(root, { recursive: true, force: true });
    throw error;
  };
  const browser = await stepWithin(START_STEP_MS, 'Firefox to launch', launch).catch((error: unknown) => failedStart(error));
  if (!options.persistent)
    await stepWithin(START_STEP_MS, 'the add-on to install', () => browser.installExtension(addonDir)).catch((error: unknown) =>
      failedStart(error, browser),
    );
  let running = true;
  let badgeReader: Promise<Page> | undefined;
  // One extension page kept for reading the badge and moving the clock: page.url() stays about:blank for
  // moz-extension pages (their goto never resolves), and every new window would take the focus from what the test put in front.
  const reader = () => (badgeReader ??= e2e.extensionPage('popup.html'));
  /** Says yes to `backend` from an extension page, as the person's Allow does (stored: it holds across restarts). */
  const allow = async (backend: string) => {
    // The reply is the background's object: read as JSON inside the page, since WebDriver BiDi may refuse to carry
    // another realm's object out of an extension page ("Not allowed to define cross-origin object…").
    const text = await (
      await reader()
    ).evaluate(
      async (b) =>
        JSON.stringify(
          await (
            globalThis as unknown as { browser: { runtime: { sendMessage(m: object): Promise<unknown> } } }
          ).browser.runtime.sendMessage({
            type: 'answerAIConsent',
            backend: b,
            answer: 'allowed',
          }),
        ),
      backend,
    );
    const reply = JSON.parse(text) as { ok: boolean };
    if (!reply.ok) throw new Error(`the yes for ${backend} was not stored: ${text}`);
  };
  const inExtension: InExtension = async (fn, arg) => (await reader()).evaluate(fn, arg);
  const e2e: FirefoxE2E = {
    home,
    pages,
    get realSites() {
      if (!realSites) throw new Error('the real sites are served only when Firefox is started with `realSites: true`');
      return realSites;
    },
    browser,
    async openSite(host, title) {
      const page = await e2e.browser.newPage();
      await page.goto(`http://${host}/?title=${encodeURIComponent(title)}`);
      await waitFor(async () => (await page.title()) === title, `${host} to load`);
      return page;
    },
    async openRealSite(address, title) {
      const url = e2e.realSites.url(address, title);
      const page = await e2e.browser.newPage();
      await page.goto(url);
      const expected = e2e.realSites.title(url);
      await waitFor(async () => (await page.title()) === expected, `${url} to load`);
      return page;
    },
    async extensionPage(path) {
      // In a window of its own, behind: reading the badge through it must not hide the site's tab.
      const page = await e2e.browser.newPage({ type: 'window', background: true });
      page.goto(`${EXTENSION_ORIGIN}/${path}`).catch(() => {});
      await landed(page, EXTENSION_ORIGIN);
      return page;
    },
    async badge() {
      // Awaited inside the page and made a string there: the API's own promise belongs to another realm, which
      // WebDriver BiDi may refuse to carry out ("Not allowed to define cross-origin object…").
      return (await reader()).evaluate(async () =>
        String(
          await (
            globalThis as unknown as { browser: { action: { getBadgeText(d: object): Promise<string> } } }
          ).browser.action.getBadgeText({}),
        ),
      );
    },
    async tabBadge(url) {
      return (await reader()).evaluate(async (address) => {
        const api = (
          globalThis as unknown as {
            browser: {
              tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
              action: { getBadgeText(d: object): Promise<string> };
            };
          }
        ).browser;
        const tab = (await api.tabs.query({})).find((t) => t.url === address);
        if (tab?.id === undefined) return `no tab at ${address}`;
        return String(await api.action.getBadgeText({ tabId: tab.id }));
      }, url);
    },
    advanceClock: (ms) => advanceClock(inExtension, ms),
    passWhileClosed: async (ms) => void (await advanceClock(inExtension, ms, true)),
    calls() {
      try {
        return readFileSync(join(home, 'fake-claude-calls.jsonl'), 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as { role: string; app?: string; titles?: string[] });
      } catch {
        return [];
      }
    },
    async stop() {
      if (!options.persistent) throw new Error('a temporary add-on does not survive a restart: start Firefox with `persistent: true`');
      if (!running) return;
      running = false;
      badgeReader = undefined;
      await e2e.browser.close();
    },
    async start() {
      if (running) return;
      e2e.browser = await launch();
      running = true;
    },
    async restart() {
      await e2e.stop();
      await e2e.start();
    },
    async close() {
      if (running) await e2e.browser.close().catch(() => {});
      await pages.close();
      await realSites?.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    if (!options.leaveHelperUnallowed)
      await stepWithin(START_STEP_MS, 'Allow the helper', () => onceMoreIfRefused(() => allowHelper(e2e), 'Allow the helper'));
    // The page that carries the yes is opened only when there is one to give (it is a window of its own).
    for (const backend of options.allow ?? ['claude'])
      await stepWithin(START_STEP_MS, `the yes to ${backend}`, () =>
        onceMoreIfRefused(
          () => allow(backend),
          `the yes to ${backend}`,
          () => (badgeReader = undefined),
        ),
      );
  } catch (error) {
    await failedStart(error, e2e.browser);
  }
  return e2e;
}

/** How long one step of the start may take on a loaded two-core machine before it is called stuck. */
const START_STEP_MS = 45_000;

/** Thrown when a step of the start did not finish in time: the start as a whole may be tried once more. */
export class FirefoxStartStuck extends Error {}

/** `step()`, or a FirefoxStartStuck naming it once `ms` have passed (a WebDriver BiDi call that never returns). */
function stepWithin<T>(ms: number, what: string, step: () => Promise<T>): Promise<T> {
  return within(ms, step, () => new FirefoxStartStuck(`Firefox start: ${what} did not finish in ${ms / 1000} s`));
}

/**
 * Firefox ESR's WebDriver BiDi sometimes refuses a call on a just-opened extension page under load ("Not allowed
 * to define cross-origin object as property on [Object] or [Array] XrayWrapper": twice in three full runs, at a
 * suite's start, never alone). The start's steps are idempotent: such a step is done once more, on a fresh page,
 * and said; any other error, or the same one twice, fails the start.
 */
async function onceMoreIfRefused(step: () => Promise<void>, what: string, freshPage: () => void = () => {}): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!String(error).includes('Not allowed to define cross-origin object')) throw error;
    console.warn(`Firefox start: ${what} refused by WebDriver BiDi (${String(error).split('\n')[0]}); once more on a fresh page`);
    freshPage();
    await step();
  }
}

/** Presses Options → Helper's "Allow antidrift to talk to its helper", then waits until Firefox holds nativeMessaging. */
export async function allowHelper(ff: FirefoxE2E): Promise<void> {
  const page = await ff.extensionPage('options.html');
  // Answered inside the page, as badge() does (the API's promise is of another realm). The tab may still be on
  // about:blank, or its document replaced, on a loaded machine (CI saw `globalThis.browser is undefined` after the page
  // had the API once): no API, or a context gone mid-call, is "not yet", never an error.
  const grant = () =>
    waitFor(async () => {
      const answer = await page
        .evaluate(async () => {
          const api = (
            globalThis as unknown as { browser?: { permissions?: { contains(p: { permissions: string[] }): Promise<boolean> } } }
          ).browser?.permissions;
          if (!api) return 'not yet';
          return (await api.contains({ permissions: ['nativeMessaging'] })) === true ? 'yes' : 'no';
        })
        .catch(() => 'not yet');
      return answer === 'not yet' ? undefined : answer;
    }, 'Options to load and say whether nativeMessaging is granted');
  // Already granted (a persistent profile started before): no button is shown.
  if ((await grant()) === 'no') {
    await waitFor(async () => (await page.$('[data-testid="allow-helper"]')) !== null, 'Options → Helper to offer Allow');
    await page.click('[data-testid="allow-helper"]');
    await waitFor(async () => (await grant()) === 'yes', 'Firefox to grant nativeMessaging');
  }
  await page.close();
}

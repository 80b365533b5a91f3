// E2E with real old code (the previous release, built from its commit): an old helper with this extension, this helper with the old extension, and an update that keeps everything.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installHost,
  EXTENSION_DIR,
  EXTENSION_ORIGIN,
  HOST_SCRIPT,
  launchExtensionBrowser,
  REPO_ROOT,
  startPageServer,
  type ExtensionBrowser,
  type PageServer,
} from '../../harness/chromium';
import { PREVIOUS_RELEASE, previousBuild, type PreviousBuild } from '../support/previous-release';
import { e2eDisplay, FAKE_BIN, PARSER_TESTS } from './harness';
import { HistoryPage, OptionsPage, PopupPage } from './pages';
import { EXTENSION_PAGES } from '../../shared/extension-pages';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface Setup {
  root: string;
  home: string;
  profile: string;
  env: NodeJS.ProcessEnv;
}

function freshSetup(): Setup {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-versions-'));
  const home = join(root, 'home');
  const profile = join(root, 'profile');
  mkdirSync(home);
  mkdirSync(profile);
  return {
    root,
    home,
    profile,
    env: { ...process.env, HOME: home, DISPLAY: e2eDisplay(), PATH: `${FAKE_BIN}:${process.env.PATH ?? ''}` },
  };
}

/** A helper registered for this profile by its own installer (an old one's or this one's). */
function installHelper(s: Setup, hostScript: string): void {
  installHost(s.profile, s.env.HOME!, { script: hostScript, env: s.env });
}

function launch(s: Setup, extensionDir: string, pages: PageServer): Promise<ExtensionBrowser> {
  return launchExtensionBrowser({
    userDataDir: s.profile,
    home: s.home,
    env: s.env,
    extensionDir,
    hostResolverRules: pages.resolverRules,
    headless: false,
  });
}

async function openSite(browser: ExtensionBrowser, pages: PageServer, host: string, title: string) {
  const page = await browser.context.newPage();
  await page.goto(pages.url(host, title));
  return page;
}

async function popupOf(browser: ExtensionBrowser): Promise<PopupPage> {
  const page = await browser.context.newPage();
  await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
  return new PopupPage(page);
}

async function expectBadge(browser: ExtensionBrowser, text: string): Promise<void> {
  await expect.poll(() => browser.badgeText(), { timeout: 15_000, interval: 100 }).toBe(text);
}

/** Blocked and judged drifts both work: the local rule, and the AI through the helper (the fake claude). */
async function driftsAreCaught(browser: ExtensionBrowser, pages: PageServer): Promise<void> {
  const docs = await openSite(browser, pages, 'docs.test', 'Parser design notes');
  await docs.bringToFront();
  const popup = await popupOf(browser);
  await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test'] });
  await popup.start();
  await popup.page.close();
  await docs.bringToFront();
  await expectBadge(browser, 'ON');
  await (await openSite(browser, pages, 'videos.test', 'Cat videos')).bringToFront();
  await expectBadge(browser, '!');
  await (await openSite(browser, pages, 'games.test', 'Play chess online')).bringToFront();
  await expectBadge(browser, '!');
}

/** What Reload on chrome://extensions does, through the page's own API (its button lives in nested shadow roots). */
async function reloadOnExtensionsPage(browser: ExtensionBrowser): Promise<void> {
  const page = await browser.context.newPage();
  await page.goto('chrome://extensions');
  const id = new URL(EXTENSION_ORIGIN).host;
  await page.evaluate(async (extensionId) => {
    interface DeveloperPrivate {
      updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
      reload(id: string, options: { failQuietly: boolean }): Promise<void>;
    }
    const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate;
    // Without developer mode Chromium disables a reloaded unpacked extension (measured: unsupportedDeveloperExtension).
    await api.updateProfileConfiguration({ inDeveloperMode: true });
    await api.reload(extensionId, { failQuietly: false });
  }, id);
  await page.close();
}

let old: PreviousBuild;
let pages: PageServer;
beforeAll(async () => {
  old = previousBuild();
  pages = await startPageServer();
});
afterAll(async () => {
  await pages?.close();
});

describe(`the helper and the extension of different releases (${PREVIOUS_RELEASE.version} and ${VERSION})`, () => {
  it(`an old helper (${PREVIOUS_RELEASE.version}) with this extension: connected, says to update the helper with the exact command, and still works`, async () => {
    const s = freshSetup();
    installHelper(s, old.hostScript);
    const browser = await launch(s, EXTENSION_DIR, pages);
    try {
      const popup = await popupOf(browser);
      // The person has said yes to claude (a fresh profile has not: the consent has its own tests).
      expect(
        await popup.page.evaluate(() => chrome.runtime.sendMessage({ type: 'answerAIConsent', backend: 'claude', answer: 'allowed' })),
      ).toMatchObject({ ok: true });
      await expect
        .poll(() => popup.hostStatus(), { timeout: 15_000 })
        .toBe(`AI: claude · the helper (${PREVIOUS_RELEASE.version}) is older than this extension (${VERSION}).`);
      // The popup's one next step leads to the welcome page (a first install with a helper of another release opened it already).
      expect(await popup.byId('setup-action').textContent()).toBe('Update the helper');
      await popup.byId('setup-action').click();
      const welcomeUrl = `${EXTENSION_ORIGIN}${EXTENSION_PAGES.welcome}`;
      await expect.poll(() => browser.context.pages().filter((p) => p.url() === welcomeUrl).length).toBe(1);
      const welcome = browser.context.pages().find((p) => p.url() === welcomeUrl)!;
      expect((await welcome.getByTestId('helper-advice').textContent())?.trim()).toBe(
        `The helper (${PREVIOUS_RELEASE.version}) is older than this extension (${VERSION}). Update it:`,
      );
      expect((await welcome.getByTestId('host-install-command').textContent())?.trim()).toBe(
        `npx --yes antidrift-host@${VERSION} install --browser chromium --extension-id ${browser.extensionId}`,
      );
      await popup.page.close();
      const options = new OptionsPage(await browser.context.newPage());
      await options.page.goto(`${EXTENSION_ORIGIN}/options.html`);
      expect(await options.testBackend()).toMatch(/^claude answered in \d+ ms: “\{"ok":true\}”$/);
      await options.page.close();
      await driftsAreCaught(browser, pages);
    } finally {
      await browser.close();
      rmSync(s.root, { recursive: true, force: true });
    }
  });

  it(`this helper with the old extension (${PREVIOUS_RELEASE.version}): it connects as before and everything works`, async () => {
    const s = freshSetup();
    installHelper(s, HOST_SCRIPT);
    const browser = await launch(s, old.extensionDir, pages);
    try {
      const popup = await popupOf(browser);
      await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toBe('AI: claude · host connected'); // the 0.1.0 extension's own words
      await popup.page.close();
      await driftsAreCaught(browser, pages);
    } finally {
      await browser.close();
      rmSync(s.root, { recursive: true, force: true });
    }
  });
});

describe(`an update from ${PREVIOUS_RELEASE.version} to ${VERSION} keeps everything`, () => {
  it('settings and lists, the history of several sessions and the running session survive; the update is noted', async () => {
    const s = freshSetup();
    installHelper(s, old.hostScript);
    // The extension loaded from one folder, as a person's unpacked copy is; the update replaces the folder's files.
    const folder = join(s.root, 'antidrift');
    cpSync(old.extensionDir, folder, { recursive: true });
    const browser = await launch(s, folder, pages);
    try {
      const options = new OptionsPage(await browser.context.newPage());
      await options.page.goto(`${EXTENSION_ORIGIN}/options.html`);
      await options.byId('default-allowed').fill('github.com');
      await options.byId('default-allowed').press('Enter');
      await options.setNudgeInterval(7);
      await options.page.close();

      // Three sessions that ended (each review skipped), then one left running.
      const docs = await openSite(browser, pages, 'docs.test', 'Parser design notes');
      for (const n of [1, 2, 3]) {
        await docs.bringToFront();
        const popup = await popupOf(browser);
        await popup.fillCommitment({
          nextAction: `Finish part ${n} of the parser`,
          successCondition: `Part ${n} tests pass`,
          allowed: ['docs.test'],
          blocked: [],
        });
        await popup.start();
        await popup.byId('end-session').click();
        await popup.byId('review-skip').click();
        await popup.page.close();
      }
      await docs.bringToFront();
      const running = await popupOf(browser);
      await running.fillCommitment({
        nextAction: 'Keep this session running',
        successCondition: 'It is still here after the update',
        allowed: ['docs.test'],
        blocked: [],
      });
      await running.start();
      await running.page.close();
      await docs.bringToFront();
      await expectBadge(browser, 'ON');

      const history = new HistoryPage(await browser.context.newPage());
      // The previous release's History page, at its own path.
      await history.page.goto(`${EXTENSION_ORIGIN}/history.html`);
      const before = JSON.parse(await history.download('export-json')) as {
        sessions: Array<{ key: string; nextAction: string; startedAt: number; endReason: string | null }>;
        segments: unknown[];
      };
      expect(before.sessions.map((x) => x.nextAction).sort()).toEqual([
        'Finish part 1 of the parser',
        'Finish part 2 of the parser',
        'Finish part 3 of the parser',
        'Keep this session running',
      ]);
      // The update, as a person updating their unpacked copy makes it: the new files in the same folder, then
      // Reload on chrome://extensions (developer mode is on, as Load unpacked needs), in the running browser,
      // with the same profile and ID. (A folder loaded on the command line only looks updated after a
      // restart: measured, Chromium keeps running the old service worker script and reports `install`.)
      rmSync(folder, { recursive: true, force: true });
      cpSync(EXTENSION_DIR, folder, { recursive: true });
      await reloadOnExtensionsPage(browser);

      const popup = await popupOf(browser);
      await expect
        .poll(async () => (await popup.byId('commitment-text').textContent()) ?? '', { timeout: 15_000 })
        .toContain('Keep this session running');
      await popup.page.close();
      const after = new OptionsPage(await browser.context.newPage());
      await after.page.goto(`${EXTENSION_ORIGIN}/options.html`);
      await expect.poll(() => after.byId('nudge-interval').inputValue()).toBe('7');
      expect(await after.defaultAllowed()).toContain('github.com');
      // The browser's `update` (runtime.onInstalled) names the release it came from, once.
      // (Options reads the log when it opens: read it afresh.)
      const notes = async () => {
        await after.page.reload();
        await after.byId('diagnostic-message').first().waitFor({ state: 'attached' });
        return (await after.byId('diagnostic-message').allTextContents()).filter((x) => x.startsWith('updated from'));
      };
      await expect
        .poll(notes, { timeout: 10_000 })
        .toEqual([`updated from ${PREVIOUS_RELEASE.version} to ${VERSION}: settings, history and the running session are kept`]);
      const reopened = new HistoryPage(await browser.context.newPage());
      await reopened.page.goto(`${EXTENSION_ORIGIN}${EXTENSION_PAGES.history}`);
      const kept = JSON.parse(await reopened.download('export-json')) as typeof before;
      // The same sessions (the running one's last-seen time moves on, as it should).
      const identity = (x: { key: string; nextAction: string; startedAt: number; endReason: string | null }) =>
        `${x.key} ${x.nextAction} ${x.startedAt} ${x.endReason}`;
      expect(kept.sessions.map(identity).sort()).toEqual(before.sessions.map(identity).sort());
      expect(kept.segments.length).toBeGreaterThanOrEqual(before.segments.length);
    } finally {
      await browser.close();
      rmSync(s.root, { recursive: true, force: true });
    }
  });
});

// E2E: a person's install from the release files alone, in a clean HOME: the helper from its .tgz through a temporary npm prefix (deleted afterwards), the Chrome zip unzipped and loaded; nothing points into the checkout.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTENSION_ID, NATIVE_HOST_NAME } from '../../shared/protocol/extension-id';
import { launchExtensionBrowser, REPO_ROOT, type ExtensionBrowser } from '../../harness/chromium';
import { installReleasedHelper, RELEASE_VERSION, releaseFile } from '../../harness/released-helper';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { e2eDisplay, FAKE_BIN, SCREENSHOTS } from './harness';

const VERSION = RELEASE_VERSION;

/** The welcome page as a person first sees it (artifacts/screenshots; the curated pictures are tests/e2e/curated-images.test.ts). */
async function e2eScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe('installed from the release files, in a clean HOME', () => {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-release-e2e-'));
  let browser: ExtensionBrowser | undefined;
  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the extension from its zip opens the welcome page with the exact command in the first screen; run as shown, Check again asks about claude, Allow says ready and Start opens the popup’s form', async () => {
    const home = join(root, 'home');
    const prefix = join(root, 'npm-prefix');
    const extensionDir = join(root, 'antidrift-chrome');
    mkdirSync(home);
    execFileSync('unzip', ['-q', releaseFile('antidrift-<version>-chrome.zip'), '-d', extensionDir]);
    // What a person's terminal has: Node on PATH, npm; the helper installed from the package file.
    const terminal = { ...process.env, HOME: home };
    const helper = installReleasedHelper(prefix, terminal);

    // The browser: its own profile where a person's Chromium keeps it, and a PATH without Node (a desktop
    // launch). A fake claude is on that PATH so the AI line has a backend to name.
    const browserBin = join(root, 'browser-bin');
    mkdirSync(browserBin);
    symlinkSync(join(FAKE_BIN, 'claude'), join(browserBin, 'claude'));
    const profile = join(home, '.config', 'chromium');
    browser = await launchExtensionBrowser({
      userDataDir: profile,
      home,
      env: { HOME: home, DISPLAY: e2eDisplay(), PATH: browserBin, LANG: 'C.UTF-8' },
      extensionDir,
      headless: false,
    });
    // No manifest key in the release zip: the ID comes from the folder, as for any person's unpacked copy.
    const id = browser.extensionId;
    expect(id).toMatch(/^[a-p]{32}$/);
    expect(id).not.toBe(EXTENSION_ID);

    // A first install without the helper opens the welcome page by itself: the page a person sees first.
    const context = browser.context;
    const welcomeUrl = `chrome-extension://${id}${EXTENSION_PAGES.welcome}`;
    const opened = () => context.pages().filter((p) => p.url() === welcomeUrl);
    await expect.poll(() => opened().length, { timeout: 10_000 }).toBe(1);
    expect(context.pages().filter((p) => p.url().endsWith(EXTENSION_PAGES.options))).toEqual([]);
    const welcome = opened()[0]!;
    await welcome.waitForSelector('[data-setup-state="helper-missing"]');
    // The one step left is in the first screen: the command for this browser and this ID, with Copy and Check again.
    const box = welcome.getByTestId('host-install-command');
    const command = ((await box.textContent()) ?? '').trim();
    expect(command).toBe(`npx --yes antidrift-host@${VERSION} install --browser chromium --extension-id ${id}`);
    const firstScreen = await welcome.evaluate(() => window.innerHeight);
    for (const testId of ['host-install-command', 'copy-install-command', 'check-again'])
      expect(
        (await welcome.getByTestId(testId).boundingBox())!.y + (await welcome.getByTestId(testId).boundingBox())!.height,
      ).toBeLessThanOrEqual(firstScreen);
    await e2eScreenshot(welcome, 'welcome');

    // The command as shown, run with the helper this package installed (npx would fetch the same package).
    const args = command.replace(`npx --yes antidrift-host@${VERSION} `, '').split(' ');
    expect(helper.run(args)).toContain(`Helper    ${VERSION}`);
    helper.removePrefix();

    const manifest = readFileSync(join(profile, 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`), 'utf8');
    const launcherPath = (JSON.parse(manifest) as { path: string }).path;
    const launcher = readFileSync(launcherPath, 'utf8');
    expect(launcherPath.startsWith(join(home, '.local', 'share', 'antidrift', 'host'))).toBe(true);
    for (const text of [manifest, launcher]) {
      expect(text).not.toContain(REPO_ROOT.replace(/\/$/, ''));
      expect(text).not.toContain(prefix);
    }

    // Check again: the welcome finds the helper it was just given and claude behind it, says exactly what would go to
    // Anthropic and asks first; Allow, and it says ready and offers the first session.
    await welcome.getByTestId('check-again').click();
    await welcome.waitForSelector('[data-setup-state="ai-consent"]', { timeout: 20_000 });
    expect(await welcome.getByTestId('consent-what').textContent()).toContain(
      'It sends them to Anthropic. Nothing is sent until you allow it',
    );
    await welcome.getByTestId('consent-allow').click();
    await welcome.waitForSelector('[data-setup-state="ready"]', { timeout: 20_000 });
    expect(await welcome.getByTestId('welcome-ready').textContent()).toMatch(/^The helper is connected and the AI is claude\./);
    expect(await welcome.getByTestId('helper-setup-note').count()).toBe(0);
    await e2eScreenshot(welcome, 'welcome-ready');

    // Start your first session: the toolbar popup opens (Chromium opens it for a click in an extension page), on its form.
    await welcome.getByTestId('start-first-session').click();
    await expect
      .poll(
        () =>
          welcome.evaluate(() =>
            chrome.extension
              .getViews({ type: 'popup' })
              .map((view) => view.document.querySelector('main.popup')?.getAttribute('data-view') ?? 'loading'),
          ),
        { timeout: 10_000 },
      )
      .toEqual(['idle']);
    const form = await welcome.evaluate(() => {
      const popup = chrome.extension.getViews({ type: 'popup' })[0]!;
      return {
        start: popup.document.querySelector('[data-testid="start-session"]')?.textContent,
        footer: popup.document.querySelector('[data-testid="host-status"]')?.textContent,
      };
    });
    expect(form).toEqual({ start: 'Start session', footer: 'AI: claude · helper connected' });
  });
});

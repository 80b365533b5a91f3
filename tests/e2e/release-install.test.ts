// E2E: a person's install from the release files alone, in a clean HOME: the helper from its .tgz through a temporary npm prefix (deleted afterwards), the Chrome zip unzipped and loaded; nothing points into the checkout.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EXTENSION_ID, NATIVE_HOST_NAME } from '../../shared/protocol/extension-id';
import { launchExtensionBrowser, REPO_ROOT, type ExtensionBrowser } from '../support/chromium';
import { installReleasedHelper, RELEASE_VERSION, releaseFile } from '../support/released-helper';
import { FAKE_BIN } from './harness';

const VERSION = RELEASE_VERSION;

describe('installed from the release files, in a clean HOME', () => {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-release-e2e-'));
  let browser: ExtensionBrowser | undefined;
  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the helper from its package, the extension from its zip: Options shows the exact command, and after it the popup is connected', async () => {
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
      env: { HOME: home, DISPLAY: inject('e2eDisplay'), PATH: browserBin, LANG: 'C.UTF-8' },
      extensionDir,
      headless: false,
    });
    // No manifest key in the release zip: the ID comes from the folder, as for any person's unpacked copy.
    const id = browser.extensionId;
    expect(id).toMatch(/^[a-p]{32}$/);
    expect(id).not.toBe(EXTENSION_ID);

    // A first install without the helper opens Options by itself, where the command is: the page a person sees.
    const context = browser.context;
    const welcome = () => context.pages().find((p) => p.url() === `chrome-extension://${id}/options.html`);
    await expect.poll(() => welcome() !== undefined, { timeout: 10_000 }).toBe(true);
    const options = welcome()!;
    await options.waitForLoadState();
    const command = ((await options.getByTestId('host-install-command').textContent()) ?? '').trim();
    expect(command).toBe(`npx --yes antidrift-host@${VERSION} install --browser chromium --extension-id ${id}`);

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

    // Check again: the extension finds the helper it was just given.
    await options.getByTestId('check-again').click();
    await options.waitForFunction(
      () => document.querySelector('[data-testid="host-status"]')?.textContent?.includes('host connected'),
      null,
      {
        timeout: 20_000,
      },
    );
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${id}/popup.html`);
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="host-status"]')?.textContent === 'AI: claude · host connected',
      null,
      {
        timeout: 15_000,
      },
    );
    expect(await popup.getByTestId('helper-setup').count()).toBe(0);
  });
});

// Firefox ESR from the release files alone, in a clean HOME: the Firefox zip as the add-on (its welcome page opens by itself and asks for nativeMessaging), the helper from its .tgz (npm prefix deleted), a PATH without Node.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NATIVE_HOST_NAME } from '../../shared/protocol/extension-id';
import { REPO_ROOT } from '../../harness/chromium';
import { waitFor } from '../../harness/processes';
import { installReleasedHelper, RELEASE_VERSION, releaseFile } from '../../harness/released-helper';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { hostStatus } from './harness';
import { EXTENSION_ORIGIN, startFirefox, waitForPage, type FirefoxE2E } from '../../harness/firefox';

describe('Firefox, installed from the release files', () => {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-release-firefox-'));
  let ff: FirefoxE2E | undefined;
  afterAll(async () => {
    await ff?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the zip as the add-on opens the welcome page by itself: Allow, then the Firefox command; run as shown, Check again asks about claude, Allow says ready, with no Node on the browser’s PATH', async () => {
    const addonDir = join(root, 'antidrift-firefox');
    execFileSync('unzip', ['-q', releaseFile('antidrift-<version>-firefox.zip'), '-d', addonDir]);
    const prefix = join(root, 'npm-prefix');
    const browserBin = join(root, 'browser-bin');
    mkdirSync(browserBin);
    symlinkSync(join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'bin', 'claude'), join(browserBin, 'claude'));
    let home = '';
    // No helper yet: a person who has just added the add-on.
    ff = await startFirefox({
      addonDir,
      env: { PATH: browserBin },
      installHost: (env) => void (home = env.HOME!),
      leaveHelperUnallowed: true,
      // Nothing answered yet either: the welcome page asks about claude once the helper is there.
      allow: [],
    });

    const welcome = await waitForPage(ff, `${EXTENSION_ORIGIN}${EXTENSION_PAGES.welcome}`);
    // nativeMessaging is optional on Firefox: the welcome page asks for it first, and shows no command until it is granted.
    await waitFor(async () => (await welcome.$('[data-testid="allow-helper"]')) !== null, 'the welcome page to offer Allow');
    expect(await welcome.$('[data-testid="host-install-command"]')).toBeNull();
    await welcome.click('[data-testid="allow-helper"]');
    await waitFor(
      async () => (await welcome.evaluate(() => document.querySelector('main')?.getAttribute('data-setup-state'))) === 'helper-missing',
      'the welcome page to say the helper is missing',
    );
    const command = await welcome.$eval('[data-testid="host-install-command"]', (e) => (e.textContent ?? '').trim());
    expect(command).toBe(`npx --yes antidrift-host@${RELEASE_VERSION} install --browser firefox`);

    // In the person's terminal (Node on PATH): the package into a prefix, the command as shown, then the prefix goes.
    const helper = installReleasedHelper(prefix, { ...process.env, HOME: home });
    helper.run([...command.replace(`npx --yes antidrift-host@${RELEASE_VERSION} `, '').split(' '), '--no-gnome-extension']);
    helper.removePrefix();
    const manifest = JSON.parse(readFileSync(join(home, '.mozilla', 'native-messaging-hosts', `${NATIVE_HOST_NAME}.json`), 'utf8')) as {
      path: string;
    };
    expect(manifest.path).toBe(join(home, '.local', 'share', 'antidrift', 'host', 'antidrift-host'));
    expect(readFileSync(manifest.path, 'utf8')).not.toContain(prefix);

    await welcome.click('[data-testid="check-again"]');
    // The helper found claude, which sends to Anthropic: the welcome page says what would go there and asks first.
    await waitFor(
      async () => (await welcome.evaluate(() => document.querySelector('main')?.getAttribute('data-setup-state'))) === 'ai-consent',
      'the welcome page to ask before the AI starts',
      20_000,
    );
    expect(await welcome.$eval('[data-testid="consent-what"]', (e) => e.textContent ?? '')).toContain('It sends them to Anthropic');
    await welcome.click('[data-testid="consent-allow"]');
    await waitFor(
      async () => (await welcome.evaluate(() => document.querySelector('main')?.getAttribute('data-setup-state'))) === 'ready',
      'the welcome page to say ready',
      20_000,
    );
    const popup = await ff.extensionPage('popup.html');
    await waitFor(async () => (await hostStatus(popup)) === 'AI: claude · helper connected', 'the popup connected to the helper', 20_000);
    expect(await popup.evaluate(() => document.querySelector('[data-testid="setup-action"]'))).toBeNull();
  });
});

// Firefox ESR from the release files alone, in a clean HOME: the Firefox zip as the add-on, the helper from its .tgz (npm prefix deleted), a PATH without Node.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NATIVE_HOST_NAME } from '../../shared/protocol/extension-id';
import { REPO_ROOT } from '../support/chromium';
import { waitFor } from '../support/processes';
import { installReleasedHelper, releaseFile } from '../support/released-helper';
import { hostStatus } from './harness';
import { startFirefox, type FirefoxE2E } from './launch';

describe('Firefox, installed from the release files', () => {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-release-firefox-'));
  let ff: FirefoxE2E | undefined;
  afterAll(async () => {
    await ff?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the zip as the add-on and the helper from its package: the popup is connected, with no Node on the browser’s PATH', async () => {
    const addonDir = join(root, 'antidrift-firefox');
    execFileSync('unzip', ['-q', releaseFile('antidrift-<version>-firefox.zip'), '-d', addonDir]);
    const prefix = join(root, 'npm-prefix');
    const browserBin = join(root, 'browser-bin');
    mkdirSync(browserBin);
    symlinkSync(join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'bin', 'claude'), join(browserBin, 'claude'));
    let home = '';
    ff = await startFirefox({
      addonDir,
      env: { PATH: browserBin },
      installHost: (env) => {
        home = env.HOME!;
        // In the person's terminal (Node on PATH): the package into a prefix, `install`, then the prefix goes.
        const terminal = { ...process.env, HOME: home };
        const helper = installReleasedHelper(prefix, terminal);
        helper.run(['install', '--browser', 'firefox', '--no-gnome-extension']);
        helper.removePrefix();
      },
    });
    const manifest = JSON.parse(readFileSync(join(home, '.mozilla', 'native-messaging-hosts', `${NATIVE_HOST_NAME}.json`), 'utf8')) as {
      path: string;
    };
    expect(manifest.path).toBe(join(home, '.local', 'share', 'antidrift', 'host', 'antidrift-host'));
    expect(readFileSync(manifest.path, 'utf8')).not.toContain(prefix);

    const popup = await ff.extensionPage('popup.html');
    await waitFor(async () => (await hostStatus(popup)) === 'AI: claude · helper connected', 'the popup connected to the helper', 20_000);
    expect(await popup.evaluate(() => document.querySelector('[data-testid="helper-setup"]'))).toBeNull();
  });
});

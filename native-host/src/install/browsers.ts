// Where each supported browser looks for native-messaging host manifests, per platform.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserId } from '../../../shared/protocol/browser-ids.js';
import { NATIVE_HOST_NAME } from '../../../shared/protocol/extension-id.js';
import { home, xdgConfigHome } from '../paths.js';

export type BrowserFamily = 'chromium' | 'firefox';

export function familyOf(browser: BrowserId): BrowserFamily {
  return browser === 'firefox' ? 'firefox' : 'chromium';
}

/** Where one browser (or a custom Chromium profile) finds our manifest. */
export interface ManifestTarget {
  browser: BrowserId | 'custom';
  family: BrowserFamily;
  /** The browser's own config/profile folder: its existence says the browser is installed. */
  detectDir: string;
  /** Unix: the manifest file the browser reads. Windows: where we keep the manifest file. */
  manifestPath: string;
  /** Windows only: registry key whose default value names the manifest file. */
  registryKey?: string;
}

const MANIFEST_FILE = `${NATIVE_HOST_NAME}.json`;

function linuxTarget(browser: BrowserId): ManifestTarget {
  const config = xdgConfigHome();
  const dirs: Record<Exclude<BrowserId, 'firefox'>, string> = {
    chrome: join(config, 'google-chrome'),
    chromium: join(config, 'chromium'),
    edge: join(config, 'microsoft-edge'),
    brave: join(config, 'BraveSoftware', 'Brave-Browser'),
    vivaldi: join(config, 'vivaldi'),
  };
  if (browser === 'firefox') {
    const mozilla = join(home(), '.mozilla');
    return { browser, family: 'firefox', detectDir: mozilla, manifestPath: join(mozilla, 'native-messaging-hosts', MANIFEST_FILE) };
  }
  const dir = dirs[browser];
  return { browser, family: 'chromium', detectDir: dir, manifestPath: join(dir, 'NativeMessagingHosts', MANIFEST_FILE) };
}

function macTarget(browser: BrowserId): ManifestTarget {
  const support = join(home(), 'Library', 'Application Support');
  const dirs: Record<Exclude<BrowserId, 'firefox'>, string> = {
    chrome: join(support, 'Google', 'Chrome'),
    chromium: join(support, 'Chromium'),
    edge: join(support, 'Microsoft Edge'),
    brave: join(support, 'BraveSoftware', 'Brave-Browser'),
    vivaldi: join(support, 'Vivaldi'),
  };
  if (browser === 'firefox') {
    return {
      browser,
      family: 'firefox',
      detectDir: join(support, 'Firefox'),
      manifestPath: join(support, 'Mozilla', 'NativeMessagingHosts', MANIFEST_FILE),
    };
  }
  const dir = dirs[browser];
  return { browser, family: 'chromium', detectDir: dir, manifestPath: join(dir, 'NativeMessagingHosts', MANIFEST_FILE) };
}

function windowsTarget(browser: BrowserId, appData: string): ManifestTarget {
  const local = process.env.LOCALAPPDATA || join(home(), 'AppData', 'Local');
  const roaming = process.env.APPDATA || join(home(), 'AppData', 'Roaming');
  const specs: Record<BrowserId, { detect: string; key: string }> = {
    chrome: { detect: join(local, 'Google', 'Chrome', 'User Data'), key: 'Software\\Google\\Chrome' },
    chromium: { detect: join(local, 'Chromium', 'User Data'), key: 'Software\\Chromium' },
    edge: { detect: join(local, 'Microsoft', 'Edge', 'User Data'), key: 'Software\\Microsoft\\Edge' },
    brave: { detect: join(local, 'BraveSoftware', 'Brave-Browser', 'User Data'), key: 'Software\\BraveSoftware\\Brave-Browser' },
    vivaldi: { detect: join(local, 'Vivaldi', 'User Data'), key: 'Software\\Vivaldi' },
    firefox: { detect: join(roaming, 'Mozilla', 'Firefox'), key: 'Software\\Mozilla' },
  };
  const spec = specs[browser];
  const family = familyOf(browser);
  return {
    browser,
    family,
    detectDir: spec.detect,
    // One manifest per family is enough: every Chromium browser's key points at the same file.
    manifestPath: join(appData, `${NATIVE_HOST_NAME}.${family}.json`),
    registryKey: `HKCU\\${spec.key}\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`,
  };
}

export function browserTarget(browser: BrowserId, appData: string, platform: NodeJS.Platform = process.platform): ManifestTarget {
  if (platform === 'win32') return windowsTarget(browser, appData);
  if (platform === 'darwin') return macTarget(browser);
  return linuxTarget(browser);
}

/** A custom Chromium profile (`--user-data-dir`) reads `<DIR>/NativeMessagingHosts/`. */
export function customProfileTarget(userDataDir: string): ManifestTarget {
  return {
    browser: 'custom',
    family: 'chromium',
    detectDir: userDataDir,
    manifestPath: join(userDataDir, 'NativeMessagingHosts', MANIFEST_FILE),
  };
}

export function isBrowserPresent(target: ManifestTarget): boolean {
  return existsSync(target.detectDir);
}

// Launches the built extension in the system Chromium with the native host installed (the test sites: page-server.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { EXTENSION_ID } from '../shared/protocol/extension-id';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const EXTENSION_DIR = `${REPO_ROOT}.output/chrome-mv3`;
/** The end-to-end build (`npm run build:e2e`): the same extension with the test hooks (test-hooks/), which the browser tiers load. */
export const E2E_EXTENSION_DIR = `${REPO_ROOT}.output/e2e/chrome-mv3`;
export const HOST_SCRIPT = `${REPO_ROOT}native-host/dist/antidrift-host.cjs`;
export const CHROMIUM_PATH = process.env.ANTIDRIFT_CHROMIUM ?? '/usr/lib/chromium/chromium';
export { EXTENSION_ID };
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** Fails with a readable message when `npm run build` has not produced what the browser needs. */
export function assertBuilt(): void {
  const missing = [`${EXTENSION_DIR}/manifest.json`, HOST_SCRIPT, CHROMIUM_PATH].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(
      `end-to-end tests need the built extension, host and Chromium; missing: ${missing.join(', ')}. ` +
        'Run `npm run build` first (npm test does), and install chromium.',
    );
  }
}

/**
 * Registers a helper for this Chromium profile by its own installer, as a person runs it: this build's, or
 * `script` (an older release's). HOME is `home` (a temp home), so nothing touches the real one.
 */
export function installHost(userDataDir: string, home: string, options: { script?: string; env?: NodeJS.ProcessEnv } = {}): void {
  if (!options.script) assertBuilt();
  const script = options.script ?? HOST_SCRIPT;
  const result = spawnSync(process.execPath, [script, 'install', '--browser', 'chromium', '--user-data-dir', userDataDir], {
    env: { ...(options.env ?? process.env), HOME: home },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) {
    throw new Error(`antidrift-host install failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export interface LaunchOptions {
  userDataDir: string;
  home: string;
  /** Environment of the browser, hence of the host and the backends it runs. HOME is forced to `home`. */
  env?: NodeJS.ProcessEnv;
  /** e.g. `MAP *.test 127.0.0.1:8123` */
  hostResolverRules?: string;
  /** Default true. Headed needs DISPLAY (or WAYLAND_DISPLAY with `--ozone-platform=wayland`) in env. */
  headless?: boolean;
  /** More Chromium flags, e.g. `--ozone-platform=wayland`. */
  extraArgs?: string[];
  /** Another unpacked extension (a release zip unzipped, an older build) instead of .output/chrome-mv3. */
  extensionDir?: string;
  /** Accept any certificate: the real hostnames served from 127.0.0.1 (real-sites.ts) present a throwaway self-signed one. */
  ignoreCertificateErrors?: boolean;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  /** The loaded extension's ID (the pinned one for our keyed builds; from its folder for a release zip). */
  extensionId: string;
  /** The running service worker, waiting for it (it may have been stopped and restarted). */
  serviceWorker(): Promise<Worker>;
  badgeText(): Promise<string>;
  close(): Promise<void>;
}

function envWithoutUndefined(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

export async function launchExtensionBrowser(opts: LaunchOptions): Promise<ExtensionBrowser> {
  if (!opts.extensionDir) assertBuilt();
  const extensionDir = opts.extensionDir ?? EXTENSION_DIR;
  const args = [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--password-store=basic',
    '--window-size=1100,760',
  ];
  if (opts.hostResolverRules)
    args.push(
      `--host-resolver-rules=${opts.hostResolverRules}`,
      // Service workers need a secure origin: the test sites that register one are treated as such.
      '--unsafely-treat-insecure-origin-as-secure=http://videos.test,http://www.videos.test,http://www.news.test,http://live.news.test',
    );
  if (opts.ignoreCertificateErrors) args.push('--ignore-certificate-errors');
  args.push(...(opts.extraArgs ?? []));
  const context = await chromium.launchPersistentContext(opts.userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: opts.headless ?? true,
    env: envWithoutUndefined({ ...(opts.env ?? process.env), HOME: opts.home }),
    ignoreDefaultArgs: ['--disable-extensions'],
    args,
    viewport: null,
    acceptDownloads: true,
  });
  // A missing element should fail a test in seconds, not hang it.
  context.setDefaultTimeout(15_000);

  const serviceWorker = async (): Promise<Worker> => {
    // The newest one: after a stop and a wake-up the old Worker object may linger for a moment.
    const running = context
      .serviceWorkers()
      .filter((w) => w.url().startsWith('chrome-extension://'))
      .at(-1);
    if (running) return running;
    return context.waitForEvent('serviceworker', {
      predicate: (w) => w.url().startsWith('chrome-extension://'),
      timeout: 15_000,
    });
  };

  // Tab events that fire before the worker has registered its listeners are lost (a freshly loaded
  // extension has no listeners to wake yet): hand the browser over only once the worker runs.
  const extensionId = await (await serviceWorker()).evaluate(() => chrome.runtime.id);

  return {
    context,
    extensionId,
    serviceWorker,
    async badgeText() {
      const sw = await serviceWorker();
      return sw.evaluate(() => chrome.action.getBadgeText({}));
    },
    async close() {
      await context.close();
    },
  };
}

export { startPageServer, type PageServer } from './page-server';
export { startRealSites, type RealSites } from './real-sites';

// Launches the built extension in the system Chromium with the native host installed, plus a titled-page server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** Registers the native host for this profile; HOME is the temp home so nothing touches the real one. */
export function installHost(userDataDir: string, home: string): void {
  assertBuilt();
  const result = spawnSync(process.execPath, [HOST_SCRIPT, 'install', '--browser', 'chromium', '--user-data-dir', userDataDir], {
    env: { ...process.env, HOME: home },
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

export interface PageServer {
  port: number;
  /** `--host-resolver-rules` value sending every *.test host (any port) to this server. */
  resolverRules: string;
  /** A page on `host` (e.g. docs.test, resolved here by `resolverRules`) whose <title> is `title`. */
  url(host: string, title: string): string;
  /** Every request the server answered, as `host/path?query`, oldest first (what reached the network). */
  requests: string[];
  /** Of those, the ones the browser made ahead of a navigation (its `Sec-Purpose` header: prefetch, prerender). */
  speculative: string[];
  close(): Promise<void>;
}

/**
 * `/sw.js`: a site's own service worker, the way a PWA or a feed that caches for returning visitors serves its
 * pages: it answers every navigation in its scope itself, without the network (`?sw=1` pages register it).
 */
const SITE_SERVICE_WORKER = `
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  const title = (new URL(event.request.url).searchParams.get('title') || 'Untitled').replace(/[<&]/g, '');
  event.respondWith(new Response(
    '<!doctype html><html><head><meta charset="utf-8"><title>' + title + '</title></head>' +
    '<body style="background:#c00;color:#fff"><h1 data-served-by="service-worker">' + title + '</h1>' +
    // Tells the server when the site's own content was painted (the bench counts it: the guard's goal is never).
    '<script>new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") ' +
    'fetch("/painted?at=" + (performance.timeOrigin + e.startTime) + "&page=" + encodeURIComponent(location.search), { keepalive: true }); ' +
    '}).observe({ type: "paint", buffered: true });' +
    // And whether its first frame would show anything: a page the guard hides is hidden before that frame.
    'requestAnimationFrame(() => fetch("/first-frame?visible=" + (getComputedStyle(document.documentElement).visibility !== "hidden") + ' +
    '"&page=" + encodeURIComponent(location.search), { keepalive: true }));</script>' +
    '</body></html>',
    { headers: { 'content-type': 'text/html; charset=utf-8' } }));
});`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Serves `/?title=…` as a small HTML page with that title, on 127.0.0.1 and a free port. */
export async function startPageServer(): Promise<PageServer> {
  const requests: string[] = [];
  const speculative: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.headers.host ?? ''}${url.pathname}${url.search}`);
    if (req.headers['sec-purpose']) speculative.push(`${req.headers.host ?? ''}${url.pathname}${url.search} ${req.headers['sec-purpose']}`);
    // `/redirect?to=<address>`: a site that sends its visitor on (a link shortener, a login bounce).
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (url.pathname === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(SITE_SERVICE_WORKER);
      return;
    }
    if (url.pathname === '/favicon.ico' || url.pathname === '/painted' || url.pathname === '/first-frame') {
      res.writeHead(204).end();
      return;
    }
    const title = url.searchParams.get('title') ?? 'Untitled';
    const host = escapeHtml(req.headers.host ?? '');
    // `?frame=videos.test`: the page embeds that site in an iframe (a strict session leaves frames alone).
    const frame = url.searchParams.get('frame');
    const embedded = frame
      ? `<iframe data-frame title="embedded" src="http://${escapeHtml(frame)}/?title=Embedded" width="400" height="200"></iframe>`
      : '';
    // `?prefetch=<address>`, `?prerender=<address>`: the page asks the browser to load that address ahead (speculation rules).
    const ahead = (['prefetch', 'prerender'] as const).find((kind) => url.searchParams.has(kind));
    const speculation = ahead
      ? `<script type="speculationrules">${JSON.stringify({ [ahead]: [{ source: 'list', urls: [url.searchParams.get(ahead)] }] }).replace(/</g, '\\u003c')}</script>`
      : '';
    // `?cache=1`: a page the back/forward cache may keep (no-store would keep it out).
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': url.searchParams.has('cache') ? 'private, max-age=0' : 'no-store',
      // Another origin of the same site may prerender any page here (as a site's own subdomains do).
      'supports-loading-mode': 'credentialed-prerender',
    });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        '<style>body{font:16px/1.5 system-ui,sans-serif;margin:40px;max-width:720px;color:#222}</style></head>' +
        `<body><h1>${escapeHtml(title)}</h1><p>A page on <code>${host}</code>, served for the end-to-end tests.</p>` +
        '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>' +
        embedded +
        speculation +
        (url.searchParams.has('sw') ? "<script>navigator.serviceWorker.register('/sw.js')</script>" : '') +
        '</body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    resolverRules: `MAP *.test 127.0.0.1:${port}`,
    url: (host, title) => `http://${host}/?title=${encodeURIComponent(title)}`,
    requests,
    speculative,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

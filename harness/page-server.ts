// The test sites both browsers visit: titled pages on any *.test host, a site's own service worker, redirects, pages that load others ahead; and a log of what reached the network.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostilePage } from './hostile-page';

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
    // Tells the server when the page first painted, whether its own content was hidden then (what painted was the guard's
    // cover: the bench's cover time) or not (the site's content: the guard's goal is never).
    '<script>new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") ' +
    'fetch("/painted?at=" + (performance.timeOrigin + e.startTime) + "&page=" + encodeURIComponent(location.search) + ' +
    '"&hidden=" + (getComputedStyle(document.documentElement).visibility === "hidden"), { keepalive: true }); ' +
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

export interface PageServerOptions {
  /**
   * Hosts this server sends on to https:// (301), as a site on HSTS does: Firefox's http:// proxy is this server, and
   * the real hostnames (real-sites.ts) are served over TLS elsewhere.
   */
  httpsOnly?(host: string): boolean;
}

/** Serves `/?title=…` as a small HTML page with that title, on 127.0.0.1 and a free port. */
export async function startPageServer(options: PageServerOptions = {}): Promise<PageServer> {
  const requests: string[] = [];
  const speculative: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.headers.host ?? ''}${url.pathname}${url.search}`);
    if (req.headers['sec-purpose']) speculative.push(`${req.headers.host ?? ''}${url.pathname}${url.search} ${req.headers['sec-purpose']}`);
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (options.httpsOnly?.(hostname)) {
      res.writeHead(301, { location: `https://${hostname}${url.pathname}${url.search}` }).end();
      return;
    }
    // `/redirect?to=<address>`: a site that sends its visitor on (a link shortener, a login bounce).
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (url.pathname === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(SITE_SERVICE_WORKER);
      return;
    }
    // `/hostile?title=…`: a page that works against antidrift's in-page surfaces (hostile-page.ts).
    if (url.pathname === '/hostile') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(hostilePage(url.searchParams.get('title') ?? 'Hostile'));
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

// Real hostnames (www.youtube.com, www.reddit.com, …) served from 127.0.0.1 over TLS with a throwaway certificate, a CONNECT proxy for Firefox, and a log of what reached them.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The sites served by default, each with all its subdomains (www.youtube.com, en.wikipedia.org, old.reddit.com…). */
export const REAL_SITE_DOMAINS = [
  'youtube.com',
  'reddit.com',
  'github.com',
  'wikipedia.org',
  'stackoverflow.com',
  'x.com',
  'google.com',
] as const;

export interface RealSites {
  /** The TLS server's port on 127.0.0.1 (Chromium reaches it through `resolverRules`); plain http:// there is redirected to https://, as the real sites do. */
  port: number;
  /** The CONNECT proxy's port on 127.0.0.1 (Firefox's `network.proxy.ssl`): it tunnels :443 of the served hosts to the TLS server, and refuses every other host. */
  proxyPort: number;
  /** The domains served, each with its subdomains. */
  domains: readonly string[];
  /** `--host-resolver-rules` entries sending each served host (any port) to the TLS server; join to other rules with `, `. */
  resolverRules: string;
  /** Whether `host` is one of the served hosts (a domain or one of its subdomains). */
  serves(host: string): boolean;
  /**
   * The https address of a real-looking page, unchanged (`https://www.youtube.com/watch?v=ID`, or without the scheme),
   * setting its title when `title` is given. Throws for a host not served, so a typo cannot reach the real internet.
   */
  url(address: string, title?: string): string;
  /**
   * The <title> the page at `address` is served with from now on (its host, path and query are the key; a fragment is
   * ignored, as it never reaches a server). A page already open keeps its title until it loads again, or until its
   * own script asks again (`inPageRefreshTitle`, `inPageSoftNavigate`).
   */
  setTitle(address: string, title: string): void;
  /** The title the page at `address` gets: the one set, else one made from its path and host (`watch?v=ID - www.youtube.com`). */
  title(address: string): string;
  /** Every https:// request the server answered, as `host/path?query`, oldest first (what reached the network), as page-server's; a plain http:// one is only redirected, not logged. */
  requests: string[];
  /** Whether the page at `address` (host, path and query) ever reached the server. */
  requested(address: string): boolean;
  /** CONNECT targets the proxy refused (`host:port` of hosts not served: the browser's own traffic, a typo). */
  refused: string[];
  close(): Promise<void>;
}

export interface RealSitesOptions {
  /** The domains to serve instead of REAL_SITE_DOMAINS (each with its subdomains). */
  domains?: readonly string[];
}

/** Where a served page's own script asks for its title (not a page: never in `requests`). */
const TITLE_PATH = '/.real-sites/title';

/**
 * In every served page, for tests driving it the way the sites' own scripts do (YouTube and Reddit change page by
 * `history.pushState` without loading one): `realSite.softNavigate(address)` pushes the address and takes the title
 * the server has for it, `realSite.refreshTitle()` takes the current title for this page again.
 */
const PAGE_SCRIPT = `
window.realSite = {
  async titleFor(address) {
    const url = new URL(address, location.href);
    const answer = await fetch('${TITLE_PATH}?of=' + encodeURIComponent(url.pathname + url.search), { cache: 'no-store' });
    return answer.text();
  },
  async softNavigate(address) {
    const title = await this.titleFor(address);
    history.pushState(null, '', address);
    document.title = title;
  },
  async refreshTitle() {
    document.title = await this.titleFor(location.href);
  },
};`;

/** Passed to `page.evaluate(inPageSoftNavigate, address)`: a same-document navigation to `address`, with the server's title for it. */
export function inPageSoftNavigate(address: string): Promise<void> {
  return (window as unknown as { realSite: { softNavigate(a: string): Promise<void> } }).realSite.softNavigate(address);
}

/** Passed to `page.evaluate(inPageRefreshTitle)`: the page takes the title the server now has for it (after `setTitle`). */
export function inPageRefreshTitle(): Promise<void> {
  return (window as unknown as { realSite: { refreshTitle(): Promise<void> } }).realSite.refreshTitle();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A throwaway self-signed certificate for the domains and their subdomains, made in a temp dir that is removed at once. */
async function makeCertificate(domains: readonly string[]): Promise<{ key: string; cert: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'antidrift-real-sites-'));
  try {
    const names = domains.flatMap((domain) => [`DNS:${domain}`, `DNS:*.${domain}`]).join(',');
    await promisify(execFile)(
      'openssl',
      [
        'req',
        '-x509',
        // P-256 rather than RSA: 0.1 s instead of 1–3 s on a loaded two-core machine, and both browsers take it.
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=antidrift test sites',
        '-addext',
        `subjectAltName=${names}`,
        // A server's certificate, not a CA (the browsers ignore errors here anyway, but it reads as what it is).
        '-addext',
        'basicConstraints=critical,CA:FALSE',
        '-addext',
        'extendedKeyUsage=serverAuth',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { timeout: 30_000 },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the TLS server and the CONNECT proxy for `domains` (default REAL_SITE_DOMAINS), on 127.0.0.1 and free ports. */
export async function startRealSites(options: RealSitesOptions = {}): Promise<RealSites> {
  const domains = options.domains ?? REAL_SITE_DOMAINS;
  const { key, cert } = await makeCertificate(domains);
  const titles = new Map<string, string>();
  const requests: string[] = [];
  const refused: string[] = [];

  const serves = (host: string) => {
    const name = host.toLowerCase().replace(/\.$/, '');
    return domains.some((domain) => name === domain || name.endsWith(`.${domain}`));
  };
  /** `host/path?query` of an address given with or without its scheme. */
  const pageKey = (address: string) => {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`);
    if (!serves(url.hostname)) throw new Error(`${url.hostname} is not one of the real sites served here (${domains.join(', ')})`);
    return `${url.hostname}${url.pathname}${url.search}`;
  };
  const titleOf = (key: string) => {
    const set = titles.get(key);
    if (set !== undefined) return set;
    const slash = key.indexOf('/');
    const path = key.slice(slash + 1);
    return path ? `${path} - ${key.slice(0, slash)}` : key.slice(0, slash);
  };

  const tls = createHttpsServer({ key, cert }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:443$/, '');
    const url = new URL(req.url ?? '/', `https://${host || 'localhost'}`);
    if (url.pathname === TITLE_PATH) {
      const of = new URL(url.searchParams.get('of') ?? '/', url.origin);
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(titleOf(`${url.hostname}${of.pathname}${of.search}`));
      return;
    }
    const key = `${url.hostname}${url.pathname}${url.search}`;
    requests.push(key);
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const title = titleOf(key);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        '<style>body{font:16px/1.5 system-ui,sans-serif;margin:40px;max-width:720px;color:#222}</style></head>' +
        `<body><h1>${escapeHtml(title)}</h1><p>A stand-in for <code>${escapeHtml(url.href)}</code>, served for the end-to-end tests.</p>` +
        `<script>${PAGE_SCRIPT}</script></body></html>`,
    );
  });
  // A plain http:// request gets what the real sites answer: a redirect to https://. Chromium's resolver rules send
  // every port of a host to one port, so that port takes both (a TLS connection starts with a handshake record, 0x16).
  const plain = createHttpServer((req, res) => {
    res.writeHead(301, { location: `https://${(req.headers.host ?? '').replace(/:\d+$/, '')}${req.url ?? '/'}` }).end();
  });
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const front = createNetServer((socket) => {
    track(socket);
    socket.on('error', () => socket.destroy());
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (!first) return void socket.destroy();
      socket.unshift(first);
      (first[0] === 0x16 ? tls : plain).emit('connection', socket);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as AddressInfo).port;

  // Firefox has no resolver rules with a port: it reaches the served hosts through this proxy (network.proxy.ssl).
  const proxy = createHttpServer((_req, res) => {
    res.writeHead(405).end('only CONNECT');
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const [, host = '', targetPort = ''] = /^\[?([^\]]*?)\]?:(\d+)$/.exec(target) ?? [];
    if (targetPort !== '443' || !serves(host)) {
      refused.push(target);
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      track(socket);
      // One side gone ends the other; a reset is the browser closing a tab, not a failure.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;

  const sites: RealSites = {
    port,
    proxyPort,
    domains,
    resolverRules: domains.flatMap((domain) => [`MAP *.${domain} 127.0.0.1:${port}`, `MAP ${domain} 127.0.0.1:${port}`]).join(', '),
    serves,
    url(address, title) {
      const key = pageKey(address);
      if (title !== undefined) titles.set(key, title);
      return `https://${key}`;
    },
    setTitle(address, title) {
      titles.set(pageKey(address), title);
    },
    title: (address) => titleOf(pageKey(address)),
    requests,
    requested(address) {
      return requests.includes(pageKey(address));
    },
    refused,
    close: async () => {
      for (const socket of open) socket.destroy();
      proxy.closeAllConnections();
      await Promise.all([front, proxy].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
  return sites;
}

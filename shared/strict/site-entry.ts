// One blocked-list entry as the browser can block it: an app (no rule), a site, a site on a port, a pattern, or why it cannot be one.

/**
 * What an entry blocks in the browser:
 * - `domain`: the host and every subdomain (declarativeNetRequest `requestDomains`);
 * - `port`: the host and its subdomains on that port only (a `regexFilter` anchored on the host part);
 * - `pattern`: a wildcard over the host, as an RE2 `regexFilter` that JavaScript reads the same way;
 * - `part`: a part of a site (`reddit.com/r/funny`: that subreddit and everything under it, the rest of the site open; or
 *   one page by its field, `youtube.com/watch?v=abc`), as a case-insensitive `regexFilter` over host and path;
 * - `app`: a desktop app (`code`, `slack`): nothing to block in the browser;
 * - `refused`: no rule can say it faithfully, and `problem` says why in words.
 */
export type SiteTarget =
  | { readonly kind: 'domain'; readonly domain: string }
  | { readonly kind: 'port'; readonly host: string; readonly port: number; readonly regex: string }
  | { readonly kind: 'pattern'; readonly regex: string }
  | { readonly kind: 'part'; readonly regex: string }
  | { readonly kind: 'app' }
  | { readonly kind: 'refused'; readonly problem: string };

/** A web address's name is at most 253 characters, each part between dots at most 63 (RFC 1035). */
const MAX_HOST_CHARS = 253;
const MAX_LABEL_CHARS = 63;
/** What a label may hold once in punycode; `_` is not in the RFC, but real hosts use it and browsers load them. */
const LABEL_CHARS = /^[a-z0-9_-]*$/;
/** `*` in a pattern stands for any run of host characters, never reaching into the port or the path. */
const ANY_HOST_CHARS = '[^/?#:@]*';
/** Scheme and an optional `user@`, up to where the host starts. */
const BEFORE_HOST = '^https?://(?:[^/?#@]*@)?';
/** The usual ports: the browser drops them from the address, so a rule naming them would never match. */
const DEFAULT_PORTS: Record<number, string> = { 80: 'http', 443: 'https' };

const refused = (entry: string, why: string): SiteTarget => ({ kind: 'refused', problem: `${entry} cannot be blocked: ${why}` });

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** The host as the browser writes it (IDN to punycode, `1.2` to `1.0.0.2`), or null when it is no host. */
function canonicalHost(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** Why a host (or a pattern's host) cannot be named in a rule, or undefined. `*` stays as typed. */
function hostProblem(host: string): string | undefined {
  if (host.includes(' ')) return 'a web address has no spaces';
  if (host.split('.').some((label) => label === '')) return 'a web address has no empty part between dots';
  const bad = [...host.replace(/[*.]/g, '')].find((c) => !/[\p{L}\p{N}_-]/u.test(c));
  if (bad) return `a web address cannot hold "${bad}"`;
  return undefined;
}

/** The host in punycode, label by label; a label holding both `*` and other letters than a–z cannot be converted faithfully. */
function punycodeHost(host: string): { ok: true; host: string } | { ok: false; why: string } {
  // eslint-disable-next-line no-control-regex -- "is every character ASCII?"
  const ascii = /^[\x00-\x7f]*$/;
  if (host.split('.').some((label) => label.includes('*') && !ascii.test(label)))
    return { ok: false, why: 'a part with * must be written in plain letters a–z (or in its xn-- form)' };
  const canonical = canonicalHost(host);
  if (canonical === null) return { ok: false, why: 'it is not a valid web address' };
  if (canonical.length > MAX_HOST_CHARS) return { ok: false, why: `a web address is at most ${MAX_HOST_CHARS} characters` };
  const labels = canonical.split('.');
  if (labels.some((label) => label.length > MAX_LABEL_CHARS))
    return { ok: false, why: `a part between dots is at most ${MAX_LABEL_CHARS} characters` };
  if (labels.some((label) => !LABEL_CHARS.test(label.replace(/\*/g, '')))) return { ok: false, why: 'it is not a valid web address' };
  return { ok: true, host: canonical };
}

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : undefined;
}

/** The regexFilter of a wildcard host (and port, if any): anchored on the host part of the address. */
function patternRegex(host: string, port: number | undefined): string {
  const body = host
    .split('*')
    .map((part) => escapeRegex(part))
    .join(ANY_HOST_CHARS);
  return `${BEFORE_HOST}${body}${port === undefined ? '(?::[0-9]+)?' : `:${port}`}(?:[/?#]|$)`;
}

/** The regexFilter of a host and its subdomains on one port (what `||host:port/` says, as a regex). */
function portRegex(host: string, port: number): string {
  return `${BEFORE_HOST}(?:${ANY_HOST_CHARS}\\.)?${escapeRegex(host)}:${port}(?:[/?#]|$)`;
}

/**
 * The path of a part, as a regex from the path on: `/r/funny` and below it (not `/r/funnyvideos`), or `/watch?v=abc` with
 * that field anywhere in the query. The entry holds it lower case and percent-encoded; the rule reads addresses ignoring case.
 */
function partPathRegex(path: string): string {
  const [pathname = '', field] = path.split('?');
  const base = escapeRegex(pathname);
  if (field === undefined) return `${base}(?:[/?#]|$)`;
  return `${base}/?\\?(?:[^#]*&)?${escapeRegex(field)}(?:[&#]|$)`;
}

/** A part of a site (`reddit.com/r/funny`): the host as a domain entry says it, then the path (partPathRegex). */
function partTarget(entry: string, at: number): SiteTarget {
  const host = entry.slice(0, at);
  const path = entry.slice(at);
  if (host.includes('*') || path.includes('*')) return refused(entry, 'a part of a site is written without *');
  const colon = host.indexOf(':');
  const name = colon < 0 ? host : host.slice(0, colon);
  const port = colon < 0 ? undefined : parsePort(host.slice(colon + 1));
  if (colon >= 0 && port === undefined) return refused(entry, 'a port is a number from 1 to 65535, written once after the name');
  const problem = hostProblem(name);
  if (problem) return refused(entry, problem);
  const converted = punycodeHost(name);
  if (!converted.ok) return refused(entry, converted.why);
  const portPart = port === undefined ? '(?::[0-9]+)?' : `:${port}`;
  return { kind: 'part', regex: `${BEFORE_HOST}(?:${ANY_HOST_CHARS}\\.)?${escapeRegex(converted.host)}${portPart}${partPathRegex(path)}` };
}

/** What one normalised list entry blocks in the browser (see SiteTarget). */
export function siteTarget(entry: string): SiteTarget {
  // A part of a site: its path starts at the first `/` (or `?`), as list-entry.ts splits it.
  const slash = entry.search(/[/?]/);
  if (slash > 0) return partTarget(entry, slash);
  const wildcard = entry.includes('*');
  const colon = entry.indexOf(':');
  const host = colon < 0 ? entry : entry.slice(0, colon);
  // Dot-less, port-less, wildcard-less entries name apps: `code`, `slack`, `visual studio code`.
  if (colon < 0 && !wildcard && !entry.includes('.')) return { kind: 'app' };
  const problem = hostProblem(host);
  if (problem) return refused(entry, problem);
  let port: number | undefined;
  if (colon >= 0) {
    port = parsePort(entry.slice(colon + 1));
    if (port === undefined) return refused(entry, 'a port is a number from 1 to 65535, written once after the name');
    const scheme = DEFAULT_PORTS[port];
    if (scheme) return refused(entry, `${port} is the usual ${scheme} port: block ${host} instead`);
  }
  if (/^[*.]*$/.test(host)) return refused(entry, 'it would block every site');
  const converted = punycodeHost(host);
  if (!converted.ok) return refused(entry, converted.why);
  const name = converted.host;
  // `*.google.com` is google.com and its subdomains: exactly what a domain condition blocks.
  const plainUnder = name.startsWith('*.') && !name.slice(2).includes('*') ? name.slice(2) : undefined;
  if (port === undefined && !wildcard) return { kind: 'domain', domain: name };
  if (port === undefined && plainUnder) return { kind: 'domain', domain: plainUnder };
  if (port !== undefined && !wildcard) return { kind: 'port', host: name, port, regex: portRegex(name, port) };
  return { kind: 'pattern', regex: patternRegex(name, port) };
}

/** Why an entry of a strict session's blocked list cannot be blocked in the browser, in words; undefined when it can (or is an app). */
export function siteRuleProblem(entry: string): string | undefined {
  const target = siteTarget(entry);
  return target.kind === 'refused' ? target.problem : undefined;
}

function underDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/** Does a target block this address? The same answer the rule built from it gives in the browser. */
export function targetBlocks(target: SiteTarget, url: URL): boolean {
  switch (target.kind) {
    case 'domain':
      return underDomain(url.hostname, target.domain);
    case 'port':
      return url.port === String(target.port) && underDomain(url.hostname, target.host);
    case 'pattern':
      return new RegExp(target.regex).test(url.href);
    case 'part':
      // As the rule reads it: case ignored (its path is lower case, an address's may not be).
      return new RegExp(target.regex, 'i').test(url.href);
    case 'app':
    case 'refused':
      return false;
  }
}

// The second line of a strict session's blocking: what a page itself checks as it comes up, for the ways no network rule sees.
// Runs in every page before it paints: its check reads targets the worker worked out (site-entry.ts stays out of the page).
import type { Blocking } from '../core/session-blocking';

/**
 * The storage.local key the background keeps the blocking in for the pages' guard: a page served by its
 * site's own service worker, restored from the back/forward cache or from a closed session never makes the
 * request a declarativeNetRequest rule would stop, so the page asks, before it paints, whether it is blocked.
 */
export const PAGE_GUARD_KEY = 'strictPageGuard';

/** One blocked entry as the guard tests it: a domain (and its subdomains), or an address pattern, as the rule reads it. */
export interface GuardTarget {
  readonly entry: string;
  readonly domain?: string;
  readonly regex?: string;
  /** A part of a site's path is held lower case; an address may spell it otherwise (as the rule ignores case). */
  readonly ignoreCase?: boolean;
}

/** What the guard reads: the blocked targets, private tabs or not, and when it stops holding. */
export interface PageGuard {
  readonly targets: readonly GuardTarget[];
  readonly includeIncognito: boolean;
  readonly endsAt?: number;
}

/** The guard's record of a blocking, each entry's target worked out once here (`targetOf`: site-entry.ts's `siteTarget`). */
export function pageGuardOf(blocking: Blocking, targetOf: (entry: string) => { kind: string; domain?: string; regex?: string }): PageGuard {
  const targets: GuardTarget[] = [];
  for (const entry of blocking.entries) {
    const target = targetOf(entry);
    if (target.kind === 'domain' && target.domain) targets.push({ entry, domain: target.domain });
    else if (target.regex) targets.push({ entry, regex: target.regex, ...(target.kind === 'part' ? { ignoreCase: true } : {}) });
  }
  return {
    targets,
    includeIncognito: blocking.includeIncognito,
    ...(blocking.endsAt === undefined ? {} : { endsAt: blocking.endsAt }),
  };
}

/** A number of entries no real list reaches: a stored value past it is not ours, and blocks nothing. */
const MAX_GUARD_ENTRIES = 10_000;

const isText = (value: unknown): value is string => typeof value === 'string';

/** Does one stored target block this address? Anything not shaped like a target blocks nothing. */
function blocks(target: unknown, url: URL): string | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  const { entry, domain, regex, ignoreCase } = target as Record<string, unknown>;
  if (!isText(entry)) return undefined;
  if (isText(domain)) return url.hostname === domain || url.hostname.endsWith(`.${domain}`) ? entry : undefined;
  if (!isText(regex)) return undefined;
  try {
    return new RegExp(regex, ignoreCase === true ? 'i' : '').test(url.href) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entry that blocks the page at `url` now, or undefined. `stored` comes straight from storage (the
 * content script loads no zod): anything not shaped like a guard blocks nothing, and the worker rewrites it.
 */
export function pageGuardBlocks(stored: unknown, page: { url: string; incognito: boolean }, now: number): string | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { targets, includeIncognito, endsAt } = stored as Record<string, unknown>;
  if (!Array.isArray(targets) || targets.length > MAX_GUARD_ENTRIES) return undefined;
  if (typeof includeIncognito !== 'boolean' || (page.incognito && !includeIncognito)) return undefined;
  if (endsAt !== undefined && (typeof endsAt !== 'number' || now >= endsAt)) return undefined;
  let url: URL;
  try {
    url = new URL(page.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  for (const target of targets) {
    const entry = blocks(target, url);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

// The second line of a strict session's blocking: what a page itself checks as it comes up, for the ways no network rule sees.
import { blockedEntryFor } from './block-rules';
import type { Blocking } from '../core/blocking';

/**
 * The storage.local key the background keeps the blocking in for the pages' guard: a page served by its
 * site's own service worker, restored from the back/forward cache or from a closed session never makes the
 * request a declarativeNetRequest rule would stop, so the page asks, before it paints, whether it is blocked.
 */
export const PAGE_GUARD_KEY = 'strictPageGuard';

/** What the guard reads: the blocked list, private tabs or not, and when it stops holding. */
export interface PageGuard {
  readonly entries: readonly string[];
  readonly includeIncognito: boolean;
  readonly endsAt?: number;
}

export function pageGuardOf(blocking: Blocking): PageGuard {
  return {
    entries: blocking.entries,
    includeIncognito: blocking.includeIncognito,
    ...(blocking.endsAt === undefined ? {} : { endsAt: blocking.endsAt }),
  };
}

/** A number of entries no real list reaches: a stored value past it is not ours, and blocks nothing. */
const MAX_GUARD_ENTRIES = 10_000;

/**
 * The entry that blocks the page at `url` now, or undefined. `stored` comes straight from storage (the
 * content script loads no zod): anything not shaped like a guard blocks nothing, and the worker rewrites it.
 */
export function pageGuardBlocks(stored: unknown, page: { url: string; incognito: boolean }, now: number): string | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { entries, includeIncognito, endsAt } = stored as Record<string, unknown>;
  if (!Array.isArray(entries) || entries.length > MAX_GUARD_ENTRIES || !entries.every((e) => typeof e === 'string')) return undefined;
  if (typeof includeIncognito !== 'boolean' || (page.incognito && !includeIncognito)) return undefined;
  if (endsAt !== undefined && (typeof endsAt !== 'number' || now >= endsAt)) return undefined;
  return blockedEntryFor(entries as string[], page.url);
}

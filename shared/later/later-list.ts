// The Later list: pages saved for later instead of a fight with a drift, its record, its cap, and the changes to it (pure).
import * as z from 'zod';
import { onFirstUse } from '../util/on-first-use';
import { MAX_LATER_ENTRIES, MAX_LATER_TITLE_CHARS, MAX_LATER_URL_CHARS, savableUrl } from './later-limits';

export const LaterEntry = onFirstUse(() =>
  z.object({
    id: z.string().min(1).max(64),
    url: z.string().max(MAX_LATER_URL_CHARS).refine(savableUrl, 'only http and https addresses are kept'),
    title: z.string().max(MAX_LATER_TITLE_CHARS),
    savedAt: z.number().int().nonnegative(),
    /** The session it was saved in (its key, as history knows it), or null outside one. */
    session: z.string().max(64).nullable(),
  }),
);
export type LaterEntry = z.infer<typeof LaterEntry>;

/** Newest first. */
export const LaterList = onFirstUse(() => z.array(LaterEntry).max(MAX_LATER_ENTRIES));
export type LaterList = z.infer<typeof LaterList>;

/**
 * Adds an entry first; the same address saved again moves up (one entry per page, the newer title kept);
 * past the cap the oldest drop. Returns how many were dropped, for diagnostics.
 */
export function addLater(list: readonly LaterEntry[], entry: LaterEntry): { list: LaterEntry[]; dropped: number } {
  const rest = list.filter((e) => e.url !== entry.url);
  const next = [{ ...entry, title: entry.title.slice(0, MAX_LATER_TITLE_CHARS) }, ...rest];
  const dropped = Math.max(0, next.length - MAX_LATER_ENTRIES);
  return { list: next.slice(0, MAX_LATER_ENTRIES), dropped };
}

export function removeLater(list: readonly LaterEntry[], ids: readonly string[]): LaterEntry[] {
  const gone = new Set(ids);
  return list.filter((e) => !gone.has(e.id));
}

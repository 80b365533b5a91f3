// The Later list's limits, the words that state them, and what the popup reads of it (zod-free: the popup loads these).
/** The most entries kept; past it the oldest go first, and the list says so in words. */
export const MAX_LATER_ENTRIES = 500;
/** Longest address and title kept, in characters (a longer address is not saved: a cut one would open the wrong page). */
export const MAX_LATER_URL_CHARS = 4_096;
export const MAX_LATER_TITLE_CHARS = 300;

/** Only pages a tab can open again: a browser's own pages and data: addresses are not saved. */
export const savableUrl = (url: string): boolean => /^https?:\/\//i.test(url) && url.length <= MAX_LATER_URL_CHARS;

/** The cap and where the list lives, in words, for the list's foot. */
export const LATER_CAP_WORDS = `Keeps the last ${MAX_LATER_ENTRIES} pages; older ones make room. Kept on this computer only: never synced, never sent to an AI.`;

/** The entries saved in `session` (the review's "You saved 3 things for later"). */
export const savedIn = <Entry extends { session: string | null }>(list: readonly Entry[], session: string): Entry[] =>
  list.filter((e) => e.session === session);

/** An entry as a person reads it: its title, or for a page that had none (a blocked one) its site. */
export function laterLabel(entry: { title: string; url: string }): string {
  if (entry.title) return entry.title;
  try {
    return new URL(entry.url).host;
  } catch {
    return entry.url;
  }
}

// Pages of mixed-use sites in the labelled set: what the judge is told of one, and what makes a sequence of them usable.
import { appKey, matchesAny } from '../shared/core/match';
import { DEFAULT_MIXED_USE_SITES, placeOf } from '../shared/core/site-parts';

/** What the checks need of a page: its address and its label. */
export interface PageFacts {
  url: string;
  drifting: boolean;
}

/** A problem with a sequence: the page it is about (its index), or the sequence itself (null). */
export interface SequenceProblem {
  index: number | null;
  message: string;
}

/** The app the extension names to the judge for a tab at `url`: its host without `www.` (shared/core/observe.ts). */
export function judgedApp(url: string): string {
  return appKey(new URL(url).hostname);
}

/**
 * The key the extension keeps a verdict on `url` under, read by the product's own code (placeOf, the default list of
 * mixed-use sites, matched as observe.ts matches a tab), or why `url` is not a page of a mixed-use site on `site`.
 */
export function pageKey(url: string, site: string): { key: string } | { problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: `"${url}" is not a web address` };
  }
  const place = placeOf(parsed);
  if (!place) return { problem: `"${url}" is not a web address` };
  if (place.site !== site) return { problem: `${url} is on ${place.site}, not on the sequence's site ${site}` };
  const mixed = matchesAny(DEFAULT_MIXED_USE_SITES, { app: judgedApp(url), source: 'tab', path: place.path });
  // Off the list (or off its part, as google.com is outside google.com/search), the verdict is the site's: nothing to score here.
  if (!mixed) return { problem: `${url} is not a page of a mixed-use site: the extension keeps one verdict for all of ${site}` };
  return { key: place.page };
}

/**
 * Why a sequence cannot be scored page by page: a page off its site or off the mixed-use list, a page whose key
 * another page has (differently labelled, the product could not tell them apart; alike, it would judge it once), or
 * labels all alike (the per-site rule would be right by construction, and nothing would be measured).
 */
export function sequenceProblems(site: string, pages: readonly PageFacts[]): SequenceProblem[] {
  const problems: SequenceProblem[] = [];
  const firstWithKey = new Map<string, number>();
  pages.forEach((page, index) => {
    const read = pageKey(page.url, site);
    if ('problem' in read) {
      problems.push({ index, message: read.problem });
      return;
    }
    const earlier = firstWithKey.get(read.key);
    if (earlier === undefined) {
      firstWithKey.set(read.key, index);
      return;
    }
    problems.push({
      index,
      message:
        pages[earlier]!.drifting === page.drifting
          ? `page ${earlier} is the same page (${read.key}): the extension judges a page once, so this one would never be asked`
          : `page ${earlier} has the same key (${read.key}) and the other label: the extension could not tell them apart`,
    });
  });
  if (!pages.some((p) => p.drifting) || !pages.some((p) => !p.drifting))
    problems.push({ index: null, message: 'a sequence needs at least one work page and one drift page' });
  return problems;
}

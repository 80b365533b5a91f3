// A strict session's blocked list as declarativeNetRequest session rules that send a blocked site to the block page.
import type { Blocking } from '../core/session-blocking';
import { siteTarget, targetBlocks, type SiteTarget } from './site-entry';

export { siteRuleProblem } from './site-entry';
export { blockPageUrl } from './block-page-url';
import { blockPageUrl } from './block-page-url';

/** chrome.declarativeNetRequest.Rule, the part these rules use (the shell hands it to updateSessionRules as is). */
export interface Rule {
  id: number;
  priority: number;
  /** `regexSubstitution`: the block page, told the entry, with the whole blocked address (`\\0`) after its `#`. */
  action: { type: 'redirect'; redirect: { regexSubstitution: string } };
  condition: {
    /** Only what a tab shows: a blocked site inside another page's frame is left alone. */
    resourceTypes: ['main_frame'];
    requestDomains?: string[];
    /** Always the whole address: the substitution replaces what it matches, and `\\0` must be all of it. */
    regexFilter: string;
    /** Private tabs, when the person did not include them. */
    excludedTabIds?: number[];
    /** A part of a site's path is held lower case; an address may spell it otherwise. */
    isUrlFilterCaseSensitive?: false;
  };
}

export interface BlockRuleOptions {
  /** The block page's whole address, e.g. `chrome-extension://<id>/blocked.html` (a substitution is a whole address). */
  blockPage: string;
  /** Tabs the rules leave alone (open incognito tabs when incognito is not included). */
  excludedTabIds: readonly number[];
  /** The browser's limits: MAX_NUMBER_OF_SESSION_RULES and MAX_NUMBER_OF_REGEX_RULES. */
  maxRules: number;
  maxRegexRules: number;
  /** The first rule's id; the rest follow one by one. Default 1. */
  firstRuleId?: number;
}

export type BlockRules =
  | {
      ok: true;
      rules: Rule[];
      /** Entries that name desktop apps: not blocked in the browser. */
      apps: string[];
      /** Entries no rule can say, with why (the start form refuses them; one stored before that is reported, not guessed at). */
      refused: Array<{ entry: string; problem: string }>;
    }
  | { ok: false; error: string };

/** The blocked address a block page was given after its `#`, when it is one a tab can open again; else undefined. */
export function blockedAddressOf(hash: string): string | undefined {
  const address = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!/^https?:\/\//i.test(address)) return undefined;
  try {
    return new URL(address).href;
  } catch {
    return undefined;
  }
}

function conditionOf(target: SiteTarget): Omit<Rule['condition'], 'resourceTypes' | 'excludedTabIds'> | undefined {
  switch (target.kind) {
    case 'domain':
      return { requestDomains: [target.domain], regexFilter: '^https?://.*' };
    case 'port':
    case 'pattern':
      // Anchored at the start; `.*` runs to the end, so the match is the whole address.
      return { regexFilter: `${target.regex}.*` };
    case 'part':
      return { regexFilter: `${target.regex}.*`, isUrlFilterCaseSensitive: false };
    case 'app':
    case 'refused':
      return undefined;
  }
}

/** The session rules of a blocking, or, past the browser's limits, why not in words (never a part of the list). */
export function blockRulesFor(blocking: Blocking, options: BlockRuleOptions): BlockRules {
  const firstId = options.firstRuleId ?? 1;
  const excluded = blocking.includeIncognito ? [] : [...new Set(options.excludedTabIds)];
  const rules: Rule[] = [];
  const apps: string[] = [];
  const refused: Array<{ entry: string; problem: string }> = [];
  for (const entry of blocking.entries) {
    const target = siteTarget(entry);
    if (target.kind === 'app') apps.push(entry);
    if (target.kind === 'refused') refused.push({ entry, problem: target.problem });
    const condition = conditionOf(target);
    if (!condition) continue;
    rules.push({
      id: firstId + rules.length,
      priority: 1,
      action: { type: 'redirect', redirect: { regexSubstitution: blockPageUrl(options.blockPage, entry, '\\0') } },
      condition: { resourceTypes: ['main_frame'], ...condition, ...(excluded.length > 0 ? { excludedTabIds: excluded } : {}) },
    });
  }
  // Every rule is a regex rule (its substitution needs one), so the lower of the two limits is the one.
  const most = Math.min(options.maxRules, options.maxRegexRules);
  if (rules.length > most)
    return {
      ok: false,
      error: `The strict session blocks ${rules.length} sites, more than the ${most} this browser can block at once: nothing is blocked. Shorten the blocked list.`,
    };
  return { ok: true, rules, apps, refused };
}

/** The entry that blocks this address, with the rules' own meaning (only web addresses: http and https); undefined when none does. */
export function blockedEntryFor(entries: readonly string[], url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return entries.find((entry) => targetBlocks(siteTarget(entry), parsed));
}

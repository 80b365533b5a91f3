// Puts a strict session's blocking into the browser: declarativeNetRequest session rules, and tabs already on a blocked site sent to the block page.
import { browser } from 'wxt/browser';
import { blockedEntryFor, blockPageUrl, blockRulesFor, type BlockRules, type Rule } from '../../shared/strict/block-rules';
import { sameBlocking, type Blocking } from '../../shared/core/session-blocking';
import { PAGE_GUARD_KEY, pageGuardBlocks, pageGuardOf } from '../../shared/strict/page-guard';
import { siteTarget } from '../../shared/strict/site-entry';
import { errorText } from '../../shared/util/error-text';
import { serial } from '../../shared/util/serial';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import type { Diagnostics } from '../diagnostics';

/** The browser's limits when it does not say them (Chrome's and Firefox's values). */
const FALLBACK_MAX_SESSION_RULES = 5000;
const FALLBACK_MAX_REGEX_RULES = 1000;
const NOTHING_BLOCKED: BlockRules = { ok: true, rules: [], apps: [], refused: [] };

/** chrome.declarativeNetRequest, the part blocking uses (a port: the ext tests install a fake). */
export interface DnrApi {
  getSessionRules(): Promise<Array<{ id: number; action?: { redirect?: RedirectFacts } }>>;
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: Rule[] }): Promise<void>;
  readonly MAX_NUMBER_OF_SESSION_RULES?: number;
  readonly MAX_NUMBER_OF_REGEX_RULES?: number;
}

/** The tab fields blocking reads (tabs.Tab, and what tabs.onCreated hands over). */
interface TabFacts {
  id?: number;
  url?: string;
  incognito: boolean;
}

export interface BlockingDeps {
  diagnostics: Pick<Diagnostics, 'add'>;
  /** The worker's clock (a timebox that is over blocks nothing, whatever the rules still say). */
  now: () => number;
  /** How long a tab's page guard has to send it to the block page before the background does; default 300 ms. */
  fallbackAfterMs?: number;
  /** The DNR API, or null where the browser has none; default: the browser's own. */
  dnr?: DnrApi | null;
}

export interface BrowserBlocking {
  /**
   * Makes the browser block exactly `blocking` (null: nothing): idempotent, serialised with the
   * calls before it. Resolves to the problem in words when it could not, else undefined.
   */
  apply(blocking: Blocking | null): Promise<string | undefined>;
  /** tabs.onCreated: a new private tab is left alone unless incognito is included (the rules are re-applied with it excluded). */
  tabCreated(tab: TabFacts): void;
  /** tabs.onRemoved: a closed private tab is forgotten. */
  tabRemoved(tabId: number): void;
  /**
   * tabs.onUpdated with a new address: a tab that came to a blocked site by a way the rules never see (its
   * service worker, the back/forward cache, a restored tab) is sent to the block page.
   */
  tabNavigated(tab: TabFacts): Promise<void>;
}

/** A redirect as getSessionRules reports it: ours say regexSubstitution; an older version's said extensionPath. */
interface RedirectFacts {
  regexSubstitution?: string;
  extensionPath?: string;
}

/** What a rule set sends where, to tell a change from the same rules applied again. */
function targetsOf(rules: ReadonlyArray<{ action?: { redirect?: RedirectFacts } }>): string {
  return rules
    .map((rule) => rule.action?.redirect?.regexSubstitution ?? rule.action?.redirect?.extensionPath ?? '')
    .sort()
    .join('\n');
}

export function browserDnr(): DnrApi | null {
  // Firefox before 113 and some Chromium forks have no declarativeNetRequest: say so rather than fail.
  const dnr = (browser as unknown as { declarativeNetRequest?: DnrApi }).declarativeNetRequest;
  return dnr && typeof dnr.updateSessionRules === 'function' ? dnr : null;
}

export function createBlocking(deps: BlockingDeps): BrowserBlocking {
  const { diagnostics, now, fallbackAfterMs = 300 } = deps;
  const dnr = deps.dnr === undefined ? browserDnr() : deps.dnr;
  const incognitoTabs = new Set<number>();
  let wanted: Blocking | null = null;
  /** Applies run one after another: the rules in place are always the last ones asked for. */
  const applies = serial();
  let saidMissing = false;

  async function openTabs(): Promise<TabFacts[]> {
    const tabs = await browser.tabs.query({});
    for (const tab of tabs) if (tab.incognito && tab.id !== undefined) incognitoTabs.add(tab.id);
    return tabs;
  }

  /** Tabs already showing a blocked site when the rules arrive: the rules only see new navigations. */
  async function sendToBlockPage(blocking: Blocking, tabs: TabFacts[]): Promise<void> {
    for (const tab of tabs) {
      if (tab.id === undefined || !tab.url || (tab.incognito && !blocking.includeIncognito)) continue;
      const entry = blockedEntryFor(blocking.entries, tab.url);
      if (entry === undefined) continue;
      const url = blockPageUrl(browser.runtime.getURL(EXTENSION_PAGES.blocked), entry, tab.url);
      await browser.tabs.update(tab.id, { url }).catch((error: unknown) => {
        diagnostics.add('warn', `strict session: a tab on ${entry} could not be sent to the block page: ${errorText(error)}`);
      });
    }
  }

  async function writeGuard(blocking: Blocking | null): Promise<void> {
    if (blocking) await browser.storage.local.set({ [PAGE_GUARD_KEY]: pageGuardOf(blocking, siteTarget) });
    else await browser.storage.local.remove(PAGE_GUARD_KEY);
  }

  async function run(blocking: Blocking | null): Promise<string | undefined> {
    if (!dnr) {
      if (blocking === null || saidMissing) return blocking === null ? undefined : NO_DNR;
      saidMissing = true;
      diagnostics.add('warn', NO_DNR);
      return NO_DNR;
    }
    try {
      const tabs = blocking ? await openTabs() : [];
      const planned = blocking
        ? blockRulesFor(blocking, {
            blockPage: browser.runtime.getURL(EXTENSION_PAGES.blocked),
            excludedTabIds: [...incognitoTabs],
            maxRules: dnr.MAX_NUMBER_OF_SESSION_RULES ?? FALLBACK_MAX_SESSION_RULES,
            maxRegexRules: dnr.MAX_NUMBER_OF_REGEX_RULES ?? FALLBACK_MAX_REGEX_RULES,
          })
        : NOTHING_BLOCKED;
      // The session rules are all ours (nothing else in antidrift makes any): all go, also a previous run's.
      const present = await dnr.getSessionRules();
      const removeRuleIds = present.map((rule) => rule.id);
      if (!planned.ok) {
        // Never a part of the list: what was blocked before is lifted too, and the person is told why.
        await writeGuard(null);
        if (removeRuleIds.length > 0) await dnr.updateSessionRules({ removeRuleIds });
        diagnostics.add('error', planned.error);
        return planned.error;
      }
      // The pages' guard is lifted before the rules and put in place after them: never blocking more than they do.
      if (!blocking) await writeGuard(null);
      if (removeRuleIds.length > 0 || planned.rules.length > 0) await dnr.updateSessionRules({ removeRuleIds, addRules: planned.rules });
      if (!blocking) return undefined;
      await writeGuard(blocking);
      // Every worker start re-applies the same blocking: it is told in diagnostics only when it changed.
      if (targetsOf(present) !== targetsOf(planned.rules)) describe(blocking, planned);
      await sendToBlockPage(blocking, tabs);
      return undefined;
    } catch (error) {
      const problem = `strict session: the browser refused the blocking rules: ${errorText(error)}`;
      diagnostics.add('error', problem);
      return problem;
    }
  }

  function describe(blocking: Blocking, planned: { rules: Rule[]; apps: string[]; refused: Array<{ problem: string }> }): void {
    diagnostics.add('info', `strict session ${blocking.sessionId}: ${planned.rules.length} blocked sites and patterns in the browser`);
    for (const { problem } of planned.refused) diagnostics.add('warn', `strict session: ${problem}`);
    const { apps } = planned;
    if (apps.length > 0)
      diagnostics.add(
        'info',
        `strict session: ${apps.join(', ')} ${apps.length === 1 ? 'is an app' : 'are apps'}: not blocked in the browser`,
      );
  }

  /** What this worker last put in place; undefined until its first apply (a new worker always applies). */
  let applied: Blocking | null | undefined;

  function apply(blocking: Blocking | null, force = false): Promise<string | undefined> {
    wanted = blocking;
    return applies.run(async () => {
      if (!force && applied !== undefined && sameBlocking(applied, blocking)) return undefined;
      const problem = await run(blocking);
      applied = problem === undefined ? blocking : undefined;
      return problem;
    });
  }

  /** Settles at this worker's first apply: until then, what is blocked is not known (the session is being restored). */
  let firstApplied!: () => void;
  const known = new Promise<void>((resolve) => (firstApplied = resolve));

  async function tabNavigated(tab: TabFacts): Promise<void> {
    const { id, url } = tab;
    if (id === undefined || !url) return;
    await known;
    await applies.idle();
    if (!applied || pageGuardBlocks(pageGuardOf(applied, siteTarget), { url, incognito: tab.incognito }, now()) === undefined) return;
    // The page's own guard is first (it acts before the page paints); this line is for pages no content script runs
    // in, and waits for it, so a tab is never sent twice (a second navigation would be a second history entry).
    if (fallbackAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, fallbackAfterMs));
    const current = await browser.tabs.get(id).catch(() => undefined);
    if (current?.url !== url || !applied) return;
    await sendToBlockPage(applied, [current]);
  }

  return {
    apply: (blocking) => {
      const done = apply(blocking);
      void done.finally(firstApplied);
      return done;
    },
    tabNavigated,
    tabCreated(tab) {
      if (!tab.incognito || tab.id === undefined) return;
      incognitoTabs.add(tab.id);
      if (wanted && !wanted.includeIncognito) void apply(wanted, true);
    },
    tabRemoved(tabId) {
      incognitoTabs.delete(tabId);
    },
  };
}

const NO_DNR = 'this browser has no declarativeNetRequest API: a strict session cannot block sites here (the drift banner still shows)';

/** Registers the tab listeners blocking needs; call synchronously at the worker's top level, before any await. */
export function trackTabs(blocking: BrowserBlocking): void {
  browser.tabs.onCreated.addListener((tab) => blocking.tabCreated(tab));
  browser.tabs.onRemoved.addListener((tabId) => blocking.tabRemoved(tabId));
  // A new address committed in a tab: its service worker, the back/forward cache and a restore never ask the network.
  browser.tabs.onUpdated.addListener((_id, changed, tab) => {
    if (changed.url !== undefined) void blocking.tabNavigated(tab);
  });
}

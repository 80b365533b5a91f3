// The strict session's blocking in the browser: session rules added, replaced and removed in one update each, limits and refusals in words, private tabs, open tabs sent to the block page.
import { fakeBrowser } from 'wxt/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBlocking, trackTabs, type BrowserBlocking } from '../../background/strict/browser-blocking';
import { Diagnostics } from '../../background/diagnostics';
import type { Blocking } from '../../shared/core/session-blocking';
import { PAGE_GUARD_KEY } from '../../shared/strict/page-guard';
import { FakeDnr, installFakeDnr, removeDnr, siteOfRedirect } from './fake-dnr';
import { spyConsole } from './harness';

let dnr: FakeDnr;
let diagnostics: Diagnostics;
let blocking: BrowserBlocking;

const strict = (entries: string[], over: Partial<Blocking> = {}): Blocking => ({ sessionId: 3, entries, includeIncognito: true, ...over });
const blockedSites = () => dnr.rules.map((rule) => siteOfRedirect(rule.action.redirect.regexSubstitution));
const messages = () => diagnostics.list().map((entry) => `${entry.level}: ${entry.message}`);
/** The block page told the entry and the one address it blocked. */
const blockPage = (site: string, address: string) =>
  `${fakeBrowser.runtime.getURL('/blocked.html')}?site=${encodeURIComponent(site)}#${address}`;

async function openTab(url: string, incognito = false): Promise<number> {
  const tab = await fakeBrowser.tabs.create({ url });
  if (incognito) await fakeBrowser.tabs.update(tab.id!, { incognito } as never);
  return tab.id!;
}

function start(fake = new FakeDnr()): void {
  dnr = installFakeDnr(fake);
  diagnostics = new Diagnostics(
    [],
    () => 0,
    () => {},
  );
  blocking = createBlocking({ diagnostics, now: () => 0, fallbackAfterMs: 0 });
  trackTabs(blocking);
}

beforeEach(() => {
  fakeBrowser.reset();
  spyConsole();
  start();
});

describe('session rules', () => {
  it('a blocking becomes one rule per site, in one update; the same blocking again changes nothing and says nothing new', async () => {
    expect(await blocking.apply(strict(['youtube.com', 'code', '*.news.test']))).toBeUndefined();
    expect(blockedSites()).toEqual(['youtube.com', '*.news.test']);
    expect(dnr.rules[0]).toMatchObject({
      id: 1,
      action: { type: 'redirect', redirect: { regexSubstitution: `${fakeBrowser.runtime.getURL('/blocked.html')}?site=youtube.com#\\0` } },
      condition: { resourceTypes: ['main_frame'], requestDomains: ['youtube.com'], regexFilter: '^https?://.*' },
    });
    expect(dnr.updates).toHaveLength(1);
    expect(messages()).toEqual([
      'info: strict session 3: 2 blocked sites and patterns in the browser',
      'info: strict session: code is an app: not blocked in the browser',
    ]);
    await blocking.apply(strict(['youtube.com', 'code', '*.news.test']));
    expect(blockedSites()).toEqual(['youtube.com', '*.news.test']);
    expect(dnr.updates).toHaveLength(1); // a repeat (every strict tick says the blocking again) is skipped
    expect(messages()).toHaveLength(2);
  });

  it('a change replaces the rules in one update; null removes them all', async () => {
    await blocking.apply(strict(['youtube.com', 'a.test']));
    await blocking.apply(strict(['b.test'], { sessionId: 4 }));
    expect(blockedSites()).toEqual(['b.test']);
    expect(dnr.updates.at(-1)).toEqual({ removeRuleIds: [1, 2], addRules: [expect.objectContaining({ id: 1 })] });
    await blocking.apply(null);
    expect(dnr.rules).toEqual([]);
  });

  it('null clears rules a previous run of the worker left', async () => {
    await blocking.apply(strict(['youtube.com', 'a.test']));
    start(dnr); // a new worker: same browser rules, new adapter
    expect(dnr.rules).toHaveLength(2);
    await blocking.apply(null);
    expect(dnr.rules).toEqual([]);
  });

  it('two quick changes apply in order, never interleaved', async () => {
    const first = blocking.apply(strict(['a.test']));
    const second = blocking.apply(strict(['b.test', 'c.test']));
    const third = blocking.apply(null);
    const fourth = blocking.apply(strict(['d.test']));
    await Promise.all([first, second, third, fourth]);
    expect(blockedSites()).toEqual(['d.test']);
    expect(dnr.updates.map((u) => [u.removeRuleIds?.length ?? 0, u.addRules?.length ?? 0])).toEqual([
      [0, 1],
      [1, 2],
      [2, 0],
      [0, 1],
    ]);
  });

  it('past the browser limit: the error in words, no rule at all (the earlier rules lifted too)', async () => {
    start(new FakeDnr(3, 1000));
    await blocking.apply(strict(['a.test']));
    const problem = await blocking.apply(strict(['a.test', 'b.test', 'c.test', 'd.test']));
    expect(problem).toBe(
      'The strict session blocks 4 sites, more than the 3 this browser can block at once: nothing is blocked. Shorten the blocked list.',
    );
    expect(dnr.rules).toEqual([]);
    expect(messages()).toContain(`error: ${problem}`);
  });

  it('the browser refusing the update is reported in words', async () => {
    dnr.refuseNext = 'Rule with id 1 specifies an incorrect value for the "regexFilter" key.';
    const problem = await blocking.apply(strict(['a.*']));
    expect(problem).toBe(
      'strict session: the browser refused the blocking rules: Rule with id 1 specifies an incorrect value for the "regexFilter" key.',
    );
    expect(messages()).toContain(`error: ${problem}`);
    expect(await blocking.apply(strict(['a.*']))).toBeUndefined();
  });

  it('an entry no rule can say is reported, the others are blocked', async () => {
    await blocking.apply(strict(['foo bar.com', 'a.test']));
    expect(blockedSites()).toEqual(['a.test']);
    expect(messages()).toContain('warn: strict session: foo bar.com cannot be blocked: a web address has no spaces');
  });
});

describe('private tabs', () => {
  it('open private tabs are excluded unless incognito is included; a new one re-applies the rules', async () => {
    const privateTab = await openTab('https://docs.test/', true);
    await blocking.apply(strict(['youtube.com'], { includeIncognito: false }));
    expect(dnr.rules[0]!.condition.excludedTabIds).toEqual([privateTab]);
    const another = await openTab('about:blank', true);
    // The fake browser cannot create a private tab, so its onCreated is said here as the browser says it.
    blocking.tabCreated({ id: another, incognito: true });
    await blocking.apply(strict(['youtube.com'], { includeIncognito: false })); // waits for the re-apply queued before it
    expect(dnr.rules[0]!.condition.excludedTabIds).toEqual([privateTab, another]);
    await blocking.apply(strict(['youtube.com'], { includeIncognito: true }));
    expect(dnr.rules[0]!.condition).not.toHaveProperty('excludedTabIds');
  });
});

describe('tabs already open on a blocked site', () => {
  it('go to the block page when blocking starts; others and excluded private tabs stay', async () => {
    const video = await openTab('https://www.youtube.com/watch?v=1');
    const docs = await openTab('https://docs.test/guide');
    const privateVideo = await openTab('https://youtube.com/', true);
    await blocking.apply(strict(['youtube.com'], { includeIncognito: false }));
    expect((await fakeBrowser.tabs.get(video))?.url).toBe(blockPage('youtube.com', 'https://www.youtube.com/watch?v=1'));
    expect((await fakeBrowser.tabs.get(docs))?.url).toBe('https://docs.test/guide');
    expect((await fakeBrowser.tabs.get(privateVideo))?.url).toBe('https://youtube.com/');
    await blocking.apply(strict(['youtube.com'], { includeIncognito: true }));
    expect((await fakeBrowser.tabs.get(privateVideo))?.url).toBe(blockPage('youtube.com', 'https://youtube.com/'));
  });
});

describe('a browser without declarativeNetRequest', () => {
  it('says so once in diagnostics and does nothing else', async () => {
    removeDnr();
    diagnostics = new Diagnostics(
      [],
      () => 0,
      () => {},
    );
    blocking = createBlocking({ diagnostics, now: () => 0, fallbackAfterMs: 0 });
    const video = await openTab('https://youtube.com/');
    const problem = await blocking.apply(strict(['youtube.com']));
    expect(problem).toMatch(/^this browser has no declarativeNetRequest API: a strict session cannot block sites here/);
    await blocking.apply(strict(['youtube.com']));
    expect(await blocking.apply(null)).toBeUndefined();
    expect(messages()).toEqual([`warn: ${problem}`]);
    expect((await fakeBrowser.tabs.get(video))?.url).toBe('https://youtube.com/');
  });
});

describe('the second line: what the rules never see', () => {
  const guard = async () => (await fakeBrowser.storage.local.get(PAGE_GUARD_KEY))[PAGE_GUARD_KEY];
  const urlOf = async (id: number) => (await fakeBrowser.tabs.get(id)).url;

  it('the pages’ guard holds the blocking while it is applied, and is gone with it', async () => {
    await blocking.apply(strict(['videos.test', 'reddit.com/r/funny'], { endsAt: 5_000 }));
    // Each entry's target worked out here, once: the guard in every page tests them and loads no list rules of its own.
    expect(await guard()).toEqual({
      targets: [
        { entry: 'videos.test', domain: 'videos.test' },
        { entry: 'reddit.com/r/funny', regex: expect.stringMatching(/reddit.*\/r\/funny/), ignoreCase: true },
      ],
      includeIncognito: true,
      endsAt: 5_000,
    });
    await blocking.apply(null);
    expect(await guard()).toBeUndefined();
  });

  it('a list the browser cannot block leaves no guard either (never a part of the list)', async () => {
    start(Object.assign(new FakeDnr(), { MAX_NUMBER_OF_SESSION_RULES: 1 }));
    await blocking.apply(strict(['a.test']));
    await blocking.apply(strict(['a.test', 'b.test']));
    expect(await guard()).toBeUndefined();
  });

  it('a tab whose new address is blocked (served by its service worker, from the back/forward cache, restored) goes to the block page', async () => {
    const id = await openTab('https://docs.test/');
    await blocking.apply(strict(['videos.test']));
    await fakeBrowser.tabs.update(id, { url: 'https://www.videos.test/watch?v=1' });
    await vi.waitFor(async () => expect(await urlOf(id)).toBe(blockPage('videos.test', 'https://www.videos.test/watch?v=1')));
  });

  it('after a timebox that is over, nothing is sent, whatever is still applied', async () => {
    let clock = 0;
    blocking = createBlocking({ diagnostics, now: () => clock, fallbackAfterMs: 0 });
    trackTabs(blocking);
    await blocking.apply(strict(['videos.test'], { endsAt: 1_000 }));
    const id = await openTab('https://docs.test/');
    clock = 1_000;
    await fakeBrowser.tabs.update(id, { url: 'https://videos.test/' });
    await blocking.tabNavigated({ id, url: 'https://videos.test/', incognito: false });
    expect(await urlOf(id)).toBe('https://videos.test/');
  });

  it('a tab its page guard already sent on (or that moved on) is not sent again', async () => {
    blocking = createBlocking({ diagnostics, now: () => 0, fallbackAfterMs: 0 });
    await blocking.apply(strict(['videos.test']));
    const id = await openTab('https://docs.test/');
    await blocking.tabNavigated({ id, url: 'https://videos.test/', incognito: false });
    expect(await urlOf(id)).toBe('https://docs.test/');
  });

  it('a private tab is left alone unless private tabs are included; nothing is sent once the blocking is lifted', async () => {
    // No tab listeners on this one: the test says what each tab is.
    blocking = createBlocking({ diagnostics, now: () => 0, fallbackAfterMs: 0 });
    await blocking.apply(strict(['videos.test'], { includeIncognito: false }));
    const id = await openTab('https://docs.test/');
    await fakeBrowser.tabs.update(id, { url: 'https://videos.test/' });
    await blocking.tabNavigated({ id, url: 'https://videos.test/', incognito: true });
    expect(await urlOf(id)).toBe('https://videos.test/');
    await blocking.apply(null);
    await blocking.tabNavigated({ id, url: 'https://videos.test/', incognito: false });
    expect(await urlOf(id)).toBe('https://videos.test/');
  });
});

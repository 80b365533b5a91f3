// A strict session's blocked list as session rules: sites, patterns, ports, IDN, apps, refusals, limits, incognito, and agreement with blockedEntryFor.
import { describe, expect, it } from 'vitest';
import {
  blockedAddressOf,
  blockedEntryFor,
  blockPageUrl,
  blockRulesFor,
  siteRuleProblem,
  type BlockRuleOptions,
  type Rule,
} from '../../../shared/strict/block-rules';
import type { Blocking } from '../../../shared/core/session-blocking';

const BLOCK_PAGE = 'chrome-extension://abc/blocked.html';
const OPTIONS: BlockRuleOptions = { blockPage: BLOCK_PAGE, excludedTabIds: [], maxRules: 5000, maxRegexRules: 1000 };

const blocking = (entries: string[], includeIncognito = true): Blocking => ({ sessionId: 7, entries, includeIncognito });

function rulesOf(entries: string[], options: Partial<BlockRuleOptions> = {}, includeIncognito = true): Rule[] {
  const result = blockRulesFor(blocking(entries, includeIncognito), { ...OPTIONS, ...options });
  if (!result.ok) throw new Error(result.error);
  return result.rules;
}

/** What Chromium does with one rule's condition for a main-frame navigation: both the domains (if any) and the regex. */
function ruleMatches(rule: Rule, href: string): boolean {
  const url = new URL(href);
  const { requestDomains, regexFilter, isUrlFilterCaseSensitive } = rule.condition;
  if (requestDomains && !requestDomains.some((d) => url.hostname === d || url.hostname.endsWith(`.${d}`))) return false;
  return new RegExp(regexFilter, isUrlFilterCaseSensitive === false ? 'i' : '').test(url.href);
}

/** Where the browser sends a matched address: RE2::Replace of the first match, `\\0` the whole match (JavaScript's `$&`). */
function redirectOf(rule: Rule, href: string): string {
  return href.replace(
    new RegExp(rule.condition.regexFilter, rule.condition.isUrlFilterCaseSensitive === false ? 'i' : ''),
    rule.action.redirect.regexSubstitution.replace(/\\(\d)/g, (_, n) => (n === '0' ? '$&' : `$${n}`)),
  );
}

/** The entry a redirect names (`?site=`). */
const siteOf = (redirect: string): string => decodeURIComponent(redirect.slice(redirect.indexOf('?site=') + 6).split('#')[0]!);

describe('blockRulesFor: what each entry blocks', () => {
  it('a site blocks it and its subdomains, redirected to the block page naming the entry, main frame only', () => {
    expect(rulesOf(['youtube.com'])).toEqual([
      {
        id: 1,
        priority: 1,
        action: { type: 'redirect', redirect: { regexSubstitution: `${BLOCK_PAGE}?site=youtube.com#\\0` } },
        condition: { resourceTypes: ['main_frame'], requestDomains: ['youtube.com'], regexFilter: '^https?://.*' },
      },
    ]);
  });

  it('*.google.com is google.com and its subdomains: a domain condition', () => {
    expect(rulesOf(['*.google.com'])[0]!.condition).toEqual({
      resourceTypes: ['main_frame'],
      requestDomains: ['google.com'],
      regexFilter: '^https?://.*',
    });
    expect(rulesOf(['*.google.com'])[0]!.action.redirect.regexSubstitution).toBe(`${BLOCK_PAGE}?site=*.google.com#\\0`);
  });

  it('other wildcards become a regexFilter anchored on the host', () => {
    const [docs] = rulesOf(['docs.*']);
    expect(docs!.condition.regexFilter).toBe('^https?://(?:[^/?#@]*@)?docs\\.[^/?#:@]*(?::[0-9]+)?(?:[/?#]|$).*');
    const re = new RegExp(docs!.condition.regexFilter!);
    expect(re.test('https://docs.python.org/3/')).toBe(true);
    expect(re.test('https://docs.rs')).toBe(true);
    expect(re.test('https://mydocs.example/')).toBe(false);
    expect(re.test('https://example.com/docs.html')).toBe(false);
    const news = new RegExp(rulesOf(['*news*'])[0]!.condition.regexFilter!);
    expect(news.test('https://news.ycombinator.com/')).toBe(true);
    expect(news.test('http://bbcnews.co.uk:8080/x')).toBe(true);
    expect(news.test('https://example.com/?q=news')).toBe(false);
  });

  it('a port blocks that host and its subdomains on that port only', () => {
    const [local] = rulesOf(['localhost:8080']);
    expect(local!.condition).toEqual({
      resourceTypes: ['main_frame'],
      regexFilter: '^https?://(?:[^/?#@]*@)?(?:[^/?#:@]*\\.)?localhost:8080(?:[/?#]|$).*',
    });
    for (const [url, blocked] of [
      ['http://localhost:8080/app', true],
      ['http://app.localhost:8080/', true],
      ['http://mylocalhost:8080/', false],
      ['http://localhost:8081/', false],
      ['http://localhost:18080/', false],
      ['http://localhost/?x=localhost:8080/', false],
    ] as const)
      expect([url, ruleMatches(local!, url)]).toEqual([url, blocked]);
    expect(blockedEntryFor(['localhost:8080'], 'http://localhost:8080/app')).toBe('localhost:8080');
    expect(blockedEntryFor(['localhost:8080'], 'http://localhost:3000/')).toBeUndefined();
    expect(blockedEntryFor(['example.com:8443'], 'https://example.com/')).toBeUndefined();
    expect(blockedEntryFor(['*.example.com:8443'], 'https://a.example.com:8443/')).toBe('*.example.com:8443');
  });

  it('internationalised names are blocked in punycode, the page is told the name as typed', () => {
    const [rule] = rulesOf(['bücher.example']);
    expect(rule!.condition.requestDomains).toEqual(['xn--bcher-kva.example']);
    expect(rule!.action.redirect.regexSubstitution).toBe(`${BLOCK_PAGE}?site=b%C3%BCcher.example#\\0`);
    expect(rulesOf(['*.bücher.example'])[0]!.condition.requestDomains).toEqual(['xn--bcher-kva.example']);
    expect(blockedEntryFor(['bücher.example'], 'https://shop.bücher.example/')).toBe('bücher.example');
  });

  it('app entries make no rule and are reported as apps', () => {
    const result = blockRulesFor(blocking(['code', 'slack', 'visual studio code', 'github.com']), OPTIONS);
    expect(result).toMatchObject({ ok: true, apps: ['code', 'slack', 'visual studio code'], refused: [] });
    expect(result.ok && result.rules.map((r) => r.condition.requestDomains)).toEqual([['github.com']]);
    expect(siteRuleProblem('code')).toBeUndefined();
  });

  it('rule ids follow one another from firstRuleId', () => {
    expect(rulesOf(['a.test', 'code', 'b.test', 'c.*'], { firstRuleId: 100 }).map((r) => r.id)).toEqual([100, 101, 102]);
  });
});

describe('siteRuleProblem: entries no rule can say, in words', () => {
  it.each([
    ['foo bar.com', 'foo bar.com cannot be blocked: a web address has no spaces'],
    ['a+b.com', 'a+b.com cannot be blocked: a web address cannot hold "+"'],
    [`${'a'.repeat(64)}.com`, `${'a'.repeat(64)}.com cannot be blocked: a part between dots is at most 63 characters`],
    ['example.com:0', 'example.com:0 cannot be blocked: a port is a number from 1 to 65535, written once after the name'],
    ['example.com:70000', 'example.com:70000 cannot be blocked: a port is a number from 1 to 65535, written once after the name'],
    ['example.com:', 'example.com: cannot be blocked: a port is a number from 1 to 65535, written once after the name'],
    ['a:1:2', 'a:1:2 cannot be blocked: a port is a number from 1 to 65535, written once after the name'],
    ['example.com:443', 'example.com:443 cannot be blocked: 443 is the usual https port: block example.com instead'],
    ['example..com', 'example..com cannot be blocked: a web address has no empty part between dots'],
    ['*', '* cannot be blocked: it would block every site'],
    ['*.*', '*.* cannot be blocked: it would block every site'],
    ['bü*cher.example', 'bü*cher.example cannot be blocked: a part with * must be written in plain letters a–z (or in its xn-- form)'],
    ['example.123', 'example.123 cannot be blocked: it is not a valid web address'],
  ])('%s', (entry, problem) => {
    expect(siteRuleProblem(entry)).toBe(problem);
    const result = blockRulesFor(blocking([entry, 'ok.test']), OPTIONS);
    expect(result).toMatchObject({ ok: true, refused: [{ entry, problem }] });
    expect(result.ok && result.rules).toHaveLength(1);
  });

  it('a name over 253 characters once in punycode is refused', () => {
    const label = 'ü'.repeat(20); // xn--tdaa… of 26 characters
    const entry = Array.from({ length: 10 }, () => label).join('.');
    expect(entry.length).toBeLessThan(253);
    expect(siteRuleProblem(entry)).toBe(`${entry} cannot be blocked: a web address is at most 253 characters`);
  });

  it.each(['youtube.com', '*.google.com', 'docs.*', 'localhost:8080', 'bücher.example', 'a_b.example', '127.0.0.1', 'code'])(
    '%s can be blocked',
    (entry) => expect(siteRuleProblem(entry)).toBeUndefined(),
  );
});

describe('blockRulesFor: limits and incognito', () => {
  it('past the rule limit: an error in words, no rules at all', () => {
    const entries = Array.from({ length: 11 }, (_, i) => `site${i}.test`);
    expect(blockRulesFor(blocking(entries), { ...OPTIONS, maxRules: 10 })).toEqual({
      ok: false,
      error:
        'The strict session blocks 11 sites, more than the 10 this browser can block at once: nothing is blocked. Shorten the blocked list.',
    });
    expect(blockRulesFor(blocking(entries.slice(1)), { ...OPTIONS, maxRules: 10 }).ok).toBe(true);
  });

  it('every rule is a regex rule: past the regex limit, an error in words', () => {
    const result = blockRulesFor(blocking(['a.*', 'b.test', 'c.*']), { ...OPTIONS, maxRegexRules: 2 });
    expect(result).toEqual({
      ok: false,
      error:
        'The strict session blocks 3 sites, more than the 2 this browser can block at once: nothing is blocked. Shorten the blocked list.',
    });
    expect(blockRulesFor(blocking(['a.*', 'b.test']), { ...OPTIONS, maxRegexRules: 2 }).ok).toBe(true);
  });

  it('incognito tabs are left alone unless included', () => {
    const excluded = rulesOf(['a.test', 'b.*'], { excludedTabIds: [4, 9, 4] }, false);
    expect(excluded.map((r) => r.condition.excludedTabIds)).toEqual([
      [4, 9],
      [4, 9],
    ]);
    expect(rulesOf(['a.test'], { excludedTabIds: [4] }, true)[0]!.condition).not.toHaveProperty('excludedTabIds');
    expect(rulesOf(['a.test'], { excludedTabIds: [] }, false)[0]!.condition).not.toHaveProperty('excludedTabIds');
  });
});

describe('blockedEntryFor agrees with the rules', () => {
  const ENTRIES = [
    'youtube.com',
    '*.google.com',
    'docs.*',
    '*news*',
    'localhost:8080',
    'bücher.example',
    'code',
    'foo bar.com',
    'x.*.test',
  ];
  const URLS = [
    'https://youtube.com/watch?v=1',
    'https://youtube.com/watch?v=1&t=30#comments',
    'https://m.youtube.com/',
    'https://notyoutube.com/',
    'https://youtube.com.evil.test/',
    'https://google.com/',
    'https://mail.google.com/mail',
    'https://google.com.evil.test/',
    'https://docs.python.org/',
    'https://example.com/docs.html',
    'https://hackernews.example/',
    'https://example.com/?news',
    'http://localhost:8080/',
    'http://app.localhost:8080/',
    'http://localhost:8081/',
    'https://xn--bcher-kva.example/',
    'https://code.visualstudio.com/',
    'https://x.a.b.test/',
    'https://user@docs.example/',
  ];

  it.each(URLS)('%s', (url) => {
    const rules = rulesOf(ENTRIES);
    const byRule = rules.find((rule) => ruleMatches(rule, url));
    const entry = blockedEntryFor(ENTRIES, url);
    expect(byRule ? siteOf(redirectOf(byRule, url)) : undefined).toBe(entry);
    // The block page is told that one address, whole, after its `#`; nothing else.
    if (byRule) expect(redirectOf(byRule, url)).toBe(blockPageUrl(BLOCK_PAGE, entry!, url));
  });

  it('only web addresses', () => {
    expect(blockedEntryFor(['youtube.com'], 'chrome-extension://abc/blocked.html?site=youtube.com')).toBeUndefined();
    expect(blockedEntryFor(['youtube.com'], 'not a url')).toBeUndefined();
    expect(blockedEntryFor(['youtube.com'], 'https://www.youtube.com/')).toBe('youtube.com');
  });
});

describe('parts of sites', () => {
  const PARTS = ['reddit.com/r/funny', 'youtube.com/@cats', 'youtube.com/watch?v=abc', 'duckduckgo.com/?q=cats', 'localhost:3000/admin'];

  it.each([
    ['https://www.reddit.com/r/funny/', 'reddit.com/r/funny'],
    ['https://old.reddit.com/r/Funny/comments/9/a_cat', 'reddit.com/r/funny'],
    ['https://www.reddit.com/r/funny?sort=top', 'reddit.com/r/funny'],
    ['https://www.reddit.com/r/funnyvideos/', undefined],
    ['https://www.reddit.com/r/typescript/', undefined],
    ['https://www.reddit.com/', undefined],
    ['https://notreddit.com/r/funny', undefined],
    ['https://www.youtube.com/@cats/videos', 'youtube.com/@cats'],
    ['https://www.youtube.com/@catsandmore', undefined],
    ['https://www.youtube.com/watch?v=abc', 'youtube.com/watch?v=abc'],
    ['https://m.youtube.com/watch?t=3&v=ABC#x', 'youtube.com/watch?v=abc'],
    ['https://www.youtube.com/watch?v=abcd', undefined],
    ['https://www.youtube.com/watch?xv=abc', undefined],
    ['https://duckduckgo.com/?q=cats&ia=web', 'duckduckgo.com/?q=cats'],
    ['http://localhost:3000/admin/users', 'localhost:3000/admin'],
    ['http://localhost:3001/admin', undefined],
  ])('%s is blocked by %s, by the rule and by the page guard alike', (url, entry) => {
    expect(blockedEntryFor(PARTS, url)).toBe(entry);
    const byRule = rulesOf(PARTS).find((rule) => ruleMatches(rule, url));
    expect(byRule ? siteOf(redirectOf(byRule, url)) : undefined).toBe(entry);
  });

  it('a part is a case-blind regex rule whose block page names the part', () => {
    const [rule] = rulesOf(['reddit.com/r/funny']);
    expect(rule!.condition).toMatchObject({ isUrlFilterCaseSensitive: false, resourceTypes: ['main_frame'] });
    expect(rule!.condition.requestDomains).toBeUndefined();
    expect(siteOf(redirectOf(rule!, 'https://www.reddit.com/r/funny/'))).toBe('reddit.com/r/funny');
  });

  it('refuses in words what no rule can say', () => {
    expect(siteRuleProblem('reddit.com:0/r/funny')).toMatch(/port/);
    expect(siteRuleProblem('bad..host/r/x')).toMatch(/empty part between dots/);
  });
});

describe('blockedAddressOf: the address a block page was given', () => {
  it('reads the whole address after the first #, its own fragment included', () => {
    expect(blockedAddressOf('#https://youtube.com/watch?v=1#t=30')).toBe('https://youtube.com/watch?v=1#t=30');
    expect(blockedAddressOf(new URL(blockPageUrl(BLOCK_PAGE, 'youtube.com', 'https://youtube.com/a?b=c')).hash)).toBe(
      'https://youtube.com/a?b=c',
    );
  });

  it.each(['', '#', '#javascript:alert(1)', '#chrome://settings/', '#data:text/html,x', '#https://', '#not an address'])(
    'refuses %j',
    (hash) => expect(blockedAddressOf(hash)).toBeUndefined(),
  );
});

// List entries that name a part of a site: checked and normalised as typed or pasted, matched on the path, and imported.
import { describe, expect, it } from 'vitest';
import { checkEntry } from '../../../shared/core/list-entry';
import { entryMatches, EntryList, ListEntry, matchesAny } from '../../../shared/core/match';
import { placeOf } from '../../../shared/core/site-parts';

/** A tab on `url`, as the observation's place facts. */
const tab = (url: string) => {
  const place = placeOf(url)!;
  return { app: new URL(url).hostname.replace(/^www\./, ''), source: 'tab' as const, path: place.path };
};

describe('entries naming a part of a site', () => {
  it.each([
    // Typed: the part as written, lower case, without its trailing slash.
    ['reddit.com/r/TypeScript/', 'reddit.com/r/typescript'],
    ['www.youtube.com/@3Blue1Brown', 'youtube.com/@3blue1brown'],
    ['github.com/acme', 'github.com/acme'],
    ['docs.test/guide/', 'docs.test/guide'],
    ['youtube.com/watch?v=ABC&t=3', 'youtube.com/watch?v=abc'],
    // Pasted: a mixed-use site's address becomes its part (channel, subreddit, owner), else its page; any other site its host.
    ['https://www.youtube.com/@3blue1brown/videos', 'youtube.com/@3blue1brown'],
    ['https://www.reddit.com/r/typescript/comments/1x/parsers/', 'reddit.com/r/typescript'],
    ['https://github.com/acme/parser/pull/7', 'github.com/acme'],
    ['https://en.wikipedia.org/wiki/Pratt_parser', 'en.wikipedia.org/wiki/pratt_parser'],
    ['https://docs.test/guide/parsers?x=1', 'docs.test'],
    ['https://www.reddit.com/', 'reddit.com'],
    // A name in other letters, as the address writes it.
    ['youtube.com/@café', 'youtube.com/@caf%c3%a9'],
  ])('%j is kept as %j', (raw, entry) => {
    expect(checkEntry(raw)).toEqual({ ok: true, entry });
    expect(ListEntry.parse(raw)).toBe(entry);
  });

  it.each([
    ['code/settings', /only a site has parts/],
    ['*.reddit.com/r/funny', /without \*/],
    ['reddit.com/r/*', /without \*/],
    ['reddit.com/r/funny"><script>', /written like/],
    ['reddit.com/r/fun ny', /written like/],
    [`reddit.com/r/${'a'.repeat(300)}`, /at most/],
  ])('refuses %j in words', (raw, words) => {
    const checked = checkEntry(raw);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.message).toMatch(words);
  });

  it('matches the part and everything under it, and only that', () => {
    const funny = 'reddit.com/r/funny';
    expect(entryMatches(funny, tab('https://www.reddit.com/r/funny/'))).toBe(true);
    expect(entryMatches(funny, tab('https://old.reddit.com/r/Funny/comments/9/cat'))).toBe(true);
    expect(entryMatches(funny, tab('https://www.reddit.com/r/funnyvideos'))).toBe(false);
    expect(entryMatches(funny, tab('https://www.reddit.com/r/typescript'))).toBe(false);
    expect(entryMatches(funny, tab('https://www.reddit.com/'))).toBe(false);
    expect(entryMatches('youtube.com/@3blue1brown', tab('https://m.youtube.com/@3blue1brown/videos'))).toBe(true);
    expect(entryMatches('github.com/acme', tab('https://github.com/acme-corp/x'))).toBe(false);
  });

  it('a page named by its field is that page only', () => {
    const video = 'youtube.com/watch?v=abc';
    expect(entryMatches(video, tab('https://www.youtube.com/watch?v=abc&t=9'))).toBe(true);
    expect(entryMatches(video, tab('https://www.youtube.com/watch?v=abcd'))).toBe(false);
    expect(entryMatches('google.com/search', tab('https://www.google.com/search?q=cats'))).toBe(true);
  });

  it('never matches an app, nor a tab whose path is not known', () => {
    expect(entryMatches('reddit.com/r/funny', { app: 'reddit.com', source: 'os' })).toBe(false);
    expect(entryMatches('reddit.com/r/funny', { app: 'reddit.com', source: 'tab' })).toBe(false);
    // The whole site still covers every part of it.
    expect(matchesAny(['docs.test', 'reddit.com'], tab('https://www.reddit.com/r/funny'))).toBe('reddit.com');
  });

  it('an imported list keeps its parts, drops a duplicate written twice, and refuses a broken one in words', () => {
    expect(EntryList.parse(['Reddit.com/r/TypeScript', 'reddit.com/r/typescript/', 'github.com'])).toEqual([
      'reddit.com/r/typescript',
      'reddit.com/r/typescript',
      'github.com',
    ]);
    const broken = EntryList.safeParse(['reddit.com/r/*']);
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]?.message).toMatch(/without \*/);
  });
});

// The pages' guard: which page a stored blocking blocks, and that a stored value not shaped like one blocks nothing.
import { describe, expect, it } from 'vitest';
import { pageGuardBlocks, pageGuardOf } from '../../../shared/strict/page-guard';
import { blockedEntryFor } from '../../../shared/strict/block-rules';
import { siteTarget } from '../../../shared/strict/site-entry';

const ENTRIES = ['videos.test', '*.feed.test', 'code', 'reddit.com/r/funny', 'localhost:8080', 'youtube.com/watch?v=abc'];
const guard = pageGuardOf({ sessionId: 1, entries: ENTRIES, includeIncognito: false, endsAt: 1_000 }, siteTarget);
const page = (url: string, incognito = false) => ({ url, incognito });

describe('pageGuardBlocks', () => {
  it('blocks the entry’s site, its subdomains and www., as the network rules do; nothing else', () => {
    expect(pageGuardBlocks(guard, page('https://videos.test/watch'), 0)).toBe('videos.test');
    expect(pageGuardBlocks(guard, page('https://www.videos.test/'), 0)).toBe('videos.test');
    expect(pageGuardBlocks(guard, page('http://m.videos.test:8080/x'), 0)).toBe('videos.test');
    expect(pageGuardBlocks(guard, page('https://a.feed.test/'), 0)).toBe('*.feed.test');
    expect(pageGuardBlocks(guard, page('https://notvideos.test/'), 0)).toBeUndefined();
    expect(pageGuardBlocks(guard, page('https://docs.test/?q=videos.test'), 0)).toBeUndefined();
    expect(pageGuardBlocks(guard, page('chrome-extension://abc/blocked.html?site=videos.test'), 0)).toBeUndefined();
  });

  it('says what the network rules say, a part of a site and a port included (blockedEntryFor reads the entries themselves)', () => {
    for (const url of [
      'https://www.reddit.com/r/Funny/comments/1/a',
      'https://www.reddit.com/r/funnyvideos/',
      'https://www.reddit.com/r/typescript/',
      'http://localhost:8080/x',
      'http://localhost:8081/x',
      'https://m.youtube.com/watch?t=2&v=ABC',
      'https://www.youtube.com/watch?v=abcd',
      'https://a.b.feed.test/',
      'https://videos.test.evil/',
    ])
      expect(pageGuardBlocks(guard, page(url), 0), url).toBe(blockedEntryFor(ENTRIES, url));
    expect(guard.targets.map((t) => t.entry)).toEqual(ENTRIES.filter((e) => e !== 'code'));
  });

  it('private pages only when private tabs are included; nothing once the timebox is over', () => {
    expect(pageGuardBlocks(guard, page('https://videos.test/', true), 0)).toBeUndefined();
    expect(pageGuardBlocks({ ...guard, includeIncognito: true }, page('https://videos.test/', true), 0)).toBe('videos.test');
    expect(pageGuardBlocks(guard, page('https://videos.test/'), 999)).toBe('videos.test');
    expect(pageGuardBlocks(guard, page('https://videos.test/'), 1_000)).toBeUndefined();
    const { endsAt: _, ...untilEnded } = guard;
    expect(pageGuardBlocks(untilEnded, page('https://videos.test/'), 10 ** 15)).toBe('videos.test');
  });

  it('anything in storage not shaped like a guard blocks nothing', () => {
    const at = page('https://videos.test/');
    for (const stored of [
      undefined,
      null,
      'videos.test',
      [],
      {},
      { targets: 'videos.test', includeIncognito: true },
      { targets: [1, null, 'videos.test', {}], includeIncognito: true },
      { targets: [{ entry: 'videos.test', regex: '(' }], includeIncognito: true },
      { targets: [{ entry: 7, domain: 'videos.test' }], includeIncognito: true },
      { targets: [{ entry: 'videos.test', domain: 'videos.test' }] },
      { targets: [{ entry: 'videos.test', domain: 'videos.test' }], includeIncognito: 'yes' },
      { targets: [{ entry: 'videos.test', domain: 'videos.test' }], includeIncognito: true, endsAt: '2030' },
      { targets: Array.from({ length: 10_001 }, () => ({ entry: 'videos.test', domain: 'videos.test' })), includeIncognito: true },
      // An older worker's record (entries, no targets) blocks nothing until the worker writes it again.
      { entries: ['videos.test'], includeIncognito: true },
    ])
      expect(pageGuardBlocks(stored, at, 0)).toBeUndefined();
  });
});

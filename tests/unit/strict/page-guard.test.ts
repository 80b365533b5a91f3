// The pages' guard: which page a stored blocking blocks, and that a stored value not shaped like one blocks nothing.
import { describe, expect, it } from 'vitest';
import { pageGuardBlocks, pageGuardOf } from '../../../shared/strict/page-guard';

const guard = pageGuardOf({ sessionId: 1, entries: ['videos.test', '*.feed.test', 'code'], includeIncognito: false, endsAt: 1_000 });
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
      { entries: 'videos.test', includeIncognito: true },
      { entries: [1], includeIncognito: true },
      { entries: ['videos.test'] },
      { entries: ['videos.test'], includeIncognito: 'yes' },
      { entries: ['videos.test'], includeIncognito: true, endsAt: '2030' },
      { entries: Array.from({ length: 10_001 }, () => 'videos.test'), includeIncognito: true },
    ])
      expect(pageGuardBlocks(stored, at, 0)).toBeUndefined();
  });
});

// The Later list's record and changes: newest first, one entry per address, the cap with the oldest dropped, removal, what is refused.
import { describe, expect, it } from 'vitest';
import { addLater, LaterEntry, LaterList, removeLater } from '../../../shared/later/later-list';
import { laterLabel, MAX_LATER_ENTRIES, savableUrl, savedIn } from '../../../shared/later/later-limits';

const entry = (n: number, over: Partial<LaterEntry> = {}): LaterEntry => ({
  id: `e${n}`,
  url: `https://site${n}.test/page`,
  title: `Page ${n}`,
  savedAt: n,
  session: null,
  ...over,
});

describe('the Later list', () => {
  it('puts the newest first, and the same address saved again moves up with its newer title', () => {
    let list: LaterEntry[] = [];
    for (const n of [1, 2, 3]) list = addLater(list, entry(n)).list;
    expect(list.map((e) => e.id)).toEqual(['e3', 'e2', 'e1']);
    list = addLater(list, entry(4, { url: 'https://site1.test/page', title: 'Page 1, renamed' })).list;
    expect(list.map((e) => [e.id, e.title])).toEqual([
      ['e4', 'Page 1, renamed'],
      ['e3', 'Page 3'],
      ['e2', 'Page 2'],
    ]);
  });

  it(`keeps ${MAX_LATER_ENTRIES}: the oldest make room, and how many is said`, () => {
    let list: LaterEntry[] = [];
    for (let n = 0; n < MAX_LATER_ENTRIES; n++) list = addLater(list, entry(n)).list;
    const full = addLater(list, entry(MAX_LATER_ENTRIES));
    expect(full.dropped).toBe(1);
    expect(full.list).toHaveLength(MAX_LATER_ENTRIES);
    expect(full.list[0]!.id).toBe(`e${MAX_LATER_ENTRIES}`);
    expect(full.list.some((e) => e.id === 'e0')).toBe(false);
    expect(LaterList.safeParse(full.list).success).toBe(true);
    expect(LaterList.safeParse([...full.list, entry(9_999)]).success).toBe(false);
  });

  it('removes by id, and finds what one session saved', () => {
    const list = [entry(1, { session: 's-1' }), entry(2, { session: 's-2' }), entry(3, { session: 's-1' })];
    expect(removeLater(list, ['e1', 'e3']).map((e) => e.id)).toEqual(['e2']);
    expect(savedIn(list, 's-1').map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('reads as its title, else (a blocked page never had one) as its site without the sign-in part', () => {
    expect(laterLabel({ title: 'Cats', url: 'https://videos.test/watch?v=1' })).toBe('Cats');
    expect(laterLabel({ title: '', url: 'https://videos.test/watch?v=1' })).toBe('videos.test');
    expect(laterLabel({ title: '', url: 'http://me:secret@localhost:8080/app' })).toBe('localhost:8080');
  });

  it('keeps only web pages a tab can open again', () => {
    expect(savableUrl('https://example.test/a?b#c')).toBe(true);
    for (const url of [
      'chrome://settings',
      'about:blank',
      'data:text/html,x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      `https://x.test/${'a'.repeat(5_000)}`,
    ])
      expect(savableUrl(url), url).toBe(false);
    expect(LaterEntry.safeParse(entry(1, { url: 'javascript:alert(1)' })).success).toBe(false);
  });
});

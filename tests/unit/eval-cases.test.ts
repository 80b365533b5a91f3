// The evaluation set is well formed and covers what it promises: ≥ 300 cases, ≥ 12 kinds, every hard case, and pages
// of mixed-use sites the extension can tell apart.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CASE_TAGS, CASES_DIR, loadCaseFiles, PageSequence, planCases } from '../../eval/cases';
import { placeOf } from '../../shared/core/site-parts';

describe('the judge evaluation set', () => {
  const files = loadCaseFiles();
  const commitments = files.flatMap((f) => f.commitments);
  const judge = commitments.flatMap((c) => c.judge);
  const nudge = commitments.flatMap((c) => c.nudge);

  it('has at least 300 cases across at least 12 kinds of commitment', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(judge.length + nudge.length).toBeGreaterThanOrEqual(300);
    for (const f of files) {
      expect(f.commitments.flatMap((c) => c.judge).length, f.kind).toBeGreaterThanOrEqual(10);
      expect(f.commitments.flatMap((c) => c.nudge).length, f.kind).toBeGreaterThanOrEqual(3);
    }
  });

  it('has both answers for the judge and the nudge, in every kind', () => {
    for (const f of files) {
      const cases = f.commitments.flatMap((c) => c.judge);
      expect(
        cases.some((j) => j.drifting),
        f.kind,
      ).toBe(true);
      expect(
        cases.some((j) => !j.drifting),
        f.kind,
      ).toBe(true);
      const nudges = f.commitments.flatMap((c) => c.nudge);
      expect(
        nudges.some((n) => n.onTrack),
        f.kind,
      ).toBe(true);
      expect(
        nudges.some((n) => !n.onTrack),
        f.kind,
      ).toBe(true);
    }
  });

  it('covers every hard case, each with both labels where both exist', () => {
    const tagged = (tag: string) => [...judge, ...nudge].filter((c) => c.tags.includes(tag as never));
    for (const tag of CASE_TAGS) expect(tagged(tag).length, tag).toBeGreaterThanOrEqual(3);
    // A tutorial can be on task or not; Stack Overflow for the right language or the wrong one.
    for (const tag of ['youtube-tutorial', 'stackoverflow', 'chat-for-work', 'neighbouring-docs']) {
      const labels = new Set(judge.filter((j) => j.tags.includes(tag as never)).map((j) => j.drifting));
      expect(labels, tag).toEqual(new Set([true, false]));
    }
    expect(judge.filter((j) => j.title.trim() === '').length).toBeGreaterThanOrEqual(3);
  });
});

describe('pages of mixed-use sites in the evaluation set', () => {
  const files = loadCaseFiles();
  const sequences = files.flatMap((f) => f.commitments.flatMap((c) => c.pages.map((s) => ({ ...s, kind: f.kind }))));
  const SEARCH = ['google.com', 'bing.com', 'duckduckgo.com'];
  /** How each site writes its tab titles: a page's title is what the judge reads, so it reads as the site writes it. */
  const TITLE: Record<string, RegExp> = {
    'youtube.com': / - YouTube$/,
    'reddit.com': / : r\/\w+$/,
    'stackoverflow.com': /^[\w .#+-]+ - .+ - Stack Overflow$/,
    'google.com': / - Google Search$/,
    'bing.com': / - Search$/,
    'duckduckgo.com': / at DuckDuckGo$/,
    'github.com': /GitHub/,
  };

  it('walks YouTube, Reddit, Stack Overflow and search engines, two sequences or more each, in several kinds of commitment', () => {
    const on = (sites: string[]) => sequences.filter((s) => sites.includes(s.site));
    for (const sites of [['youtube.com'], ['reddit.com'], ['stackoverflow.com'], SEARCH, ['google.com']]) {
      expect(on(sites).length, sites.join()).toBeGreaterThanOrEqual(2);
      expect(new Set(on(sites).map((s) => s.kind)).size, sites.join()).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(sequences.map((s) => s.kind)).size).toBeGreaterThanOrEqual(5);
    for (const s of sequences) for (const p of s.pages) expect(p.title, p.id).toMatch(TITLE[s.site]!);
  });

  it('measures both ways the per-site rule goes wrong: a work page first (drift let be) and a drift page first (false alarms)', () => {
    const firsts = sequences.map((s) => s.pages[0]!.drifting);
    expect(firsts.filter((d) => !d).length).toBeGreaterThanOrEqual(4);
    expect(firsts.filter((d) => d).length).toBeGreaterThanOrEqual(4);
  });

  it('plans each page as the extension would judge it: the site as app, a key of its own in its sequence', () => {
    const pages = planCases(files).filter((p) => p.role === 'page');
    expect(pages.length).toBe(sequences.reduce((n, s) => n + s.pages.length, 0));
    for (const p of pages) {
      expect(p.app, p.case.id).toBe(p.site);
      expect(placeOf(p.case.url)?.site, p.case.id).toBe(p.site);
    }
    for (const s of sequences) expect(new Set(s.pages.map((p) => placeOf(p.url)!.page)).size, s.id).toBe(s.pages.length);
  });
});

describe('the page-sequence schema refuses', () => {
  const work = {
    id: 'w',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    title: 'SN1 vs SN2 - YouTube',
    drifting: false,
    why: 'The chapter itself.',
  };
  const drift = {
    id: 'd',
    url: 'https://www.youtube.com/watch?v=9bZkp7q19f0',
    title: 'Cat fails - YouTube',
    drifting: true,
    why: 'Entertainment, plainly.',
  };
  const problems = (site: string, pages: object[]) => {
    const parsed = PageSequence.safeParse({ id: 's', site, pages });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a sequence of two pages of one site, one of each label', () => {
    expect(problems('youtube.com', [work, drift])).toEqual([]);
  });

  it('a page off its site, or an address that is none', () => {
    const reddit = { ...drift, url: 'https://www.reddit.com/r/funny/comments/1abcdef/cat/' };
    expect(problems('youtube.com', [work, reddit])).toEqual([
      "pages.1.url: https://www.reddit.com/r/funny/comments/1abcdef/cat/ is on reddit.com, not on the sequence's site youtube.com",
    ]);
    expect(problems('youtube.com', [work, { ...drift, url: 'youtube cat video' }])).toEqual([
      'pages.1.url: "youtube cat video" is not a web address',
    ]);
  });

  it('an address that is not a page of a mixed-use site: its verdict is the whole site’s', () => {
    // google.com is mixed-use only in its search; example.com not at all.
    const maps = { ...drift, url: 'https://www.google.com/maps/place/Harbour' };
    expect(problems('google.com', [{ ...work, url: 'https://www.google.com/search?q=sn1+vs+sn2' }, maps])).toEqual([
      'pages.1.url: https://www.google.com/maps/place/Harbour is not a page of a mixed-use site: the extension keeps one verdict for all of google.com',
    ]);
    expect(
      problems('example.com', [
        { ...work, url: 'https://example.com/a' },
        { ...drift, url: 'https://example.com/b' },
      ]),
    ).toHaveLength(2);
  });

  it('two differently-labelled pages with one key: the same video on mobile at another time, a thread under another slug', () => {
    expect(problems('youtube.com', [work, { ...drift, url: 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=120s' }])).toEqual([
      'pages.1.url: page 0 has the same key (youtube.com/watch?v=dqw4w9wgxcq) and the other label: the extension could not tell them apart',
    ]);
    const thread = (slug: string, drifting: boolean) => ({
      ...work,
      drifting,
      url: `https://www.reddit.com/r/typescript/comments/1abcdef/${slug}/`,
    });
    expect(problems('reddit.com', [thread('generics', false), thread('memes', true)])[0]).toContain('could not tell them apart');
    // Alike, the second would never be judged: the extension keeps the first verdict.
    expect(problems('youtube.com', [work, { ...work, id: 'w2', url: `${work.url}&t=60s` }, drift])[0]).toContain('judges a page once');
  });

  it('a sequence of one label only, and a field it does not know', () => {
    expect(problems('youtube.com', [work, { ...work, id: 'w2', url: 'https://www.youtube.com/watch?v=abcdefghijk' }])).toEqual([
      'pages: a sequence needs at least one work page and one drift page',
    ]);
    expect(problems('youtube.com', [work, { ...drift, tags: ['entertainment'] }])[0]).toMatch(/unrecognized key/i);
  });

  describe('in a case file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'antidrift-eval-cases-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    /** The coding file with its first commitment's pages changed by `edit`, loaded from a directory of its own. */
    const loadWith = (edit: (file: { commitments: Array<{ judge: Array<{ app: string; title: string }>; pages: unknown[] }> }) => void) => {
      cpSync(CASES_DIR, dir, { recursive: true });
      const file = JSON.parse(readFileSync(join(CASES_DIR, 'coding.json'), 'utf8'));
      edit(file);
      writeFileSync(join(dir, 'coding.json'), JSON.stringify(file));
      return () => loadCaseFiles(dir);
    };

    it('names the file and the page of a refused sequence', () => {
      const load = loadWith((f) =>
        f.commitments[0]!.pages.push({ id: 'coding-x', site: 'youtube.com', pages: [work, { ...drift, url: 'https://x.com/home' }] }),
      );
      expect(load).toThrow(
        "coding.json: commitments.0.pages.2.pages.1.url: https://x.com/home is on x.com, not on the sequence's site youtube.com",
      );
    });

    it('refuses a page the judge would see exactly as another case of its commitment, and ids used twice', () => {
      const same = loadWith((f) => {
        const j = f.commitments[0]!.judge.find((c) => c.app === 'youtube.com')!;
        f.commitments[0]!.pages.push({
          id: 'coding-x',
          site: 'youtube.com',
          pages: [
            { ...work, id: 'coding-x-1', title: j.title },
            { ...drift, id: 'coding-x-2' },
          ],
        });
      });
      expect(same).toThrow(/coding-x-1: the judge is asked the same \(site, title\) by another case of coding-retry/);
      const twice = loadWith((f) => f.commitments[0]!.pages.push({ id: 'coding-retry-j01', site: 'youtube.com', pages: [work, drift] }));
      expect(twice).toThrow('coding.json: duplicate id coding-retry-j01');
    });
  });
});

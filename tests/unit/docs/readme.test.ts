// The README stays short, for the person using antidrift; the docs' relative links and anchors lead to files and headings that exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The documents whose relative links are checked; the README's length and table cells are checked too. */
const DOCS = ['README.md', 'docs/GUIDE.md', 'docs/TESTING.md', 'bench/README.md'];
const MAX_LINES = 350;
const MAX_CELL_WORDS = 30;
/** A link that climbs two folders above the repository is one of GitHub's own pages for it (`../../releases`), not a file. */
const GITHUB_PAGE = /^\.\.\/\.\.\/(releases|issues|pulls|actions|wiki)(\/|$)/;

/** Where the checks read: a file's text by its path from the repository root, and whether a path is a file or folder of the repository. */
interface Repo {
  has(path: string): boolean;
  read(path: string): string;
}

/** The checkout: a path counts when it exists and git does not ignore it (artifacts/ is written by runs, never committed). */
function checkout(): Repo {
  let known: Set<string> | null = null;
  try {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
    known = new Set(files.split('\0').filter(Boolean));
  } catch {
    // Not a git checkout: whatever exists counts.
  }
  const inGit = (path: string) => known === null || known.has(path) || [...known].some((f) => f.startsWith(`${path}/`));
  return {
    has: (path) => existsSync(join(ROOT, path)) && inGit(path),
    read: (path) => readFileSync(join(ROOT, path), 'utf8'),
  };
}

/** The text outside fenced code blocks (their lines left blank, so line numbers hold). */
function outsideFences(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** Every markdown link and image target outside code, with its line: `[text](target)`, `![alt](target "title")`, text across lines too. */
function linksOf(text: string): { target: string; line: number }[] {
  // Code spans blanked to the same length, so offsets (and so line numbers) hold.
  const prose = outsideFences(text)
    .join('\n')
    .replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
    target: m[1]!,
    line: prose.slice(0, m.index).split('\n').length,
  }));
}

/** A heading's anchor as GitHub makes it: the text without markup, lowercased, punctuation dropped (not `-` or `_`), spaces to `-`. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a markdown file's headings give (a repeated heading gets `-1`, `-2`, … as on GitHub). */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of outsideFences(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Each relative link of `file` that leads nowhere: no such file in the repository, or no such heading in it. */
function brokenLinks(repo: Repo, file: string): string[] {
  const text = repo.read(file);
  const broken: string[] = [];
  for (const { target, line } of linksOf(text)) {
    if (/^(https?:|mailto:)/i.test(target)) continue;
    const [rawPath = '', anchor] = target.split('#', 2);
    const path = decodeURIComponent(rawPath);
    const where = `${file}:${line} → ${target}`;
    const resolved = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, '');
    if (resolved.startsWith('../')) {
      if (!GITHUB_PAGE.test(resolved) || anchor !== undefined) broken.push(`${where}: outside the repository`);
      continue;
    }
    if (!repo.has(resolved)) {
      broken.push(`${where}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md')) broken.push(`${where}: an anchor into a file that is not markdown`);
    else if (!anchorsOf(repo.read(resolved)).has(decodeURIComponent(anchor).toLowerCase())) broken.push(`${where}: no such heading`);
  }
  return broken;
}

/** The table cells (outside code) with more than `max` words, a link or image counted by its text. */
function longCells(text: string, max = MAX_CELL_WORDS): string[] {
  return outsideFences(text)
    .filter((line) => line.trimStart().startsWith('|'))
    .flatMap((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/),
    )
    .map((cell) => cell.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').trim())
    .filter((cell) => cell.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length > max);
}

/** Lines as an editor numbers them (a final newline ends the last line, it does not start another). */
const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

describe('README.md, for the person who wants to use antidrift', () => {
  const repo = checkout();
  const readme = repo.read('README.md');

  it(`has at most ${MAX_LINES} lines`, () => {
    expect(lineCount(readme)).toBeLessThanOrEqual(MAX_LINES);
  });

  it(`has no table cell of more than ${MAX_CELL_WORDS} words`, () => {
    expect(longCells(readme)).toEqual([]);
  });

  it.each(DOCS)('%s: every relative link leads to a file of the repository, and every anchor to a heading in it', (file) => {
    expect(linksOf(repo.read(file)).length).toBeGreaterThan(0);
    expect(brokenLinks(repo, file)).toEqual([]);
  });

  it('keeps `npm test`, the command CI runs, and names where it writes its times without linking them', () => {
    expect(readme).toContain('npm test');
    expect(readme).toContain('`artifacts/test-results/times.md`');
    expect(linksOf(readme).filter((l) => l.target.startsWith('artifacts/'))).toEqual([]);
  });
});

describe('the checks catch what they name', () => {
  const fake = (files: Record<string, string>): Repo => ({
    has: (path) => path in files || Object.keys(files).some((f) => f.startsWith(`${path}/`)),
    read: (path) => files[path] ?? '',
  });

  it('counts lines as an editor does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount(`${'line\n'.repeat(MAX_LINES + 1)}`)).toBe(MAX_LINES + 1);
  });

  it('finds a cell of 31 words, and not one of 30 or a long link target', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const table = `| a | b |\n|---|---|\n| ${words(30)} | [short](${'x/'.repeat(40)}y.md) |\n| ok | ${words(31)} |\n`;
    expect(longCells(table)).toEqual([words(31)]);
    expect(longCells(`\`\`\`\n| ${words(40)} |\n\`\`\`\n`)).toEqual([]);
  });

  it('makes GitHub’s anchors', () => {
    expect(slug('Strict sessions: hold me to it')).toBe('strict-sessions-hold-me-to-it');
    expect(slug('How `npm test` schedules its steps')).toBe('how-npm-test-schedules-its-steps');
    expect(slug("The browser's built-in model: nothing to install")).toBe('the-browsers-built-in-model-nothing-to-install');
    expect(slug('e2e-firefox: real Firefox ESR')).toBe('e2e-firefox-real-firefox-esr');
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1']);
  });

  it('reports a missing file, a missing heading, a link out of the repository and an anchor into a picture', () => {
    const repo = fake({
      'README.md': [
        '# Top',
        '[fine](docs/GUIDE.md#install) [fine](#top) [fine](../../releases) [fine](https://example.com/x.md) ![fine](docs/a.png)',
        '`[in code](nowhere.md)`',
        '[gone](docs/MISSING.md) [no heading](docs/GUIDE.md#nowhere) [here too](#nowhere) [outside](../elsewhere.md)',
        '![picture anchor](docs/a.png#x) [a link across',
        'lines](docs/ALSO-MISSING.md)',
      ].join('\n'),
      'docs/GUIDE.md': '# Guide\n## Install\n[back](../README.md#top) [up too far](../../README.md)\n',
      'docs/a.png': '',
    });
    expect(brokenLinks(repo, 'README.md')).toEqual([
      'README.md:4 → docs/MISSING.md: no such file',
      'README.md:4 → docs/GUIDE.md#nowhere: no such heading',
      'README.md:4 → #nowhere: no such heading',
      'README.md:4 → ../elsewhere.md: outside the repository',
      'README.md:5 → docs/a.png#x: an anchor into a file that is not markdown',
      'README.md:5 → docs/ALSO-MISSING.md: no such file',
    ]);
    expect(brokenLinks(repo, 'docs/GUIDE.md')).toEqual(['docs/GUIDE.md:3 → ../../README.md: outside the repository']);
  });
});

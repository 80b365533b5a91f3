// Allowed/blocked list matching: hosts with subdomains, app classes, wildcards, normalisation.
import { describe, expect, it } from 'vitest';
import { entryMatches, ListEntry, matchesAny, normalizeEntry, normalizeList } from '../../../shared/core/match';
import { isBrowserWindow } from '../../../shared/core/observe';
import { defaultSettings } from '../../../shared/settings/stored-settings';

describe('entryMatches', () => {
  it.each([
    ['github.com', 'github.com', 'tab', true],
    ['github.com', 'gist.github.com', 'tab', true],
    ['github.com', 'notgithub.com', 'tab', false],
    ['github.com', 'github.com.evil.test', 'tab', false],
    ['github.com', 'GitHub.com', 'tab', true],
    ['github.com', 'www.github.com', 'tab', true],
    ['youtube', 'www.youtube.com', 'tab', true],
    ['youtube', 'youtube.com', 'tab', true],
    ['com', 'youtube.com', 'tab', false],
    ['youtube', 'notyoutube.com', 'tab', false],
    ['*.google.com', 'mail.google.com', 'tab', true],
    ['*.google.com', 'google.com', 'tab', true],
    ['*.google.com', 'google.com.evil.test', 'tab', false],
    ['docs.*', 'docs.python.org', 'tab', true],
    // The person types the name; the tab's host is punycode (as the strict session's rules block it).
    ['bücher.example', 'xn--bcher-kva.example', 'tab', true],
    ['bücher.example', 'shop.xn--bcher-kva.example', 'tab', true],
    ['bücher.example', 'xn--bcher-kva.example.evil.test', 'tab', false],
    ['bücher', 'Bücher', 'os', true],
    ['code', 'Code', 'os', true],
    ['code', 'code-oss', 'os', false],
    ['jetbrains-*', 'jetbrains-idea', 'os', true],
    ['github.com', 'github.com', 'os', true],
    ['code', '', 'os', false],
    ['', 'code', 'os', false],
  ] as const)('%s vs %s (%s) → %s', (entry, app, source, expected) => {
    expect(entryMatches(entry, { app, source })).toBe(expected);
  });

  it('matchesAny returns the matching entry', () => {
    expect(matchesAny(['a.test', 'youtube.com'], { app: 'm.youtube.com', source: 'tab' })).toBe('youtube.com');
    expect(matchesAny([], { app: 'x', source: 'tab' })).toBeUndefined();
  });
});

describe('list entries', () => {
  it.each([
    ['  GitHub.com ', 'github.com'],
    ['https://www.youtube.com/watch?v=1', 'youtube.com/watch?v=1'],
    ['http://localhost:8080/x', 'localhost'],
    ['news.ycombinator.com/item', 'news.ycombinator.com/item'],
    ['Code', 'code'],
  ])('normalises %j to %j', (raw, normalised) => {
    expect(normalizeEntry(raw)).toBe(normalised);
    expect(ListEntry.parse(raw)).toBe(normalised);
  });

  it.each(['', '   ', 'a<script>', 'x'.repeat(300), 'tab\tchar'])('rejects %j with a clear message', (raw) => {
    const result = ListEntry.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/entry|app name/);
  });

  it('normalizeList drops invalid entries and duplicates, keeping order', () => {
    expect(normalizeList(['b.test', 'A.test', 'www.b.test', '', 'a.test'])).toEqual(['b.test', 'a.test']);
  });
});

describe('browser windows', () => {
  it.each([
    ['Chromium', true], // X11 WM_CLASS
    ['Google-chrome', true],
    ['msedge', true], // Windows process name
    ['Google Chrome', true], // macOS app name
    ['Brave Browser', true],
    ['firefox', true],
    ['XTerm', false],
    ['Code', false],
  ])('%s is the browser itself: %s', (app, expected) => {
    expect(isBrowserWindow(app, defaultSettings())).toBe(expected);
  });
});

// cleanText / capText / cleanAndCap: what untrusted text looks like after cleaning.
import { describe, expect, it } from 'vitest';
import { capText, cleanAndCap, cleanText } from '../../../shared/ai';

describe('cleanText', () => {
  it.each([
    ['plain text', 'Hello world', 'Hello world'],
    ['trims and collapses whitespace', '  a \t\t b  ', 'a b'],
    ['newlines and separators become spaces', 'a\nb\r\nc\u2028d\u2029e\u0085f', 'a b c d e f'],
    ['C0, DEL and C1 controls removed', 'a\u0000\u0001\u001f\u007f\u0080\u009fb', 'ab'],
    ['bidi controls removed', '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061Cx', 'x'],
    ['zero-width and BOM removed', 'a\u200B\u200C\u200D\u2060\uFEFFb', 'ab'],
    ['tag characters removed', 'a\u{E0001}\u{E0041}\u{E007F}b', 'ab'],
    ['lone surrogates replaced', '\uD83D x \uDE00', '\uFFFD x \uFFFD'],
    ['emoji, accents and scripts kept', 'é 😀 日本 مرحبا', 'é 😀 日本 مرحبا'],
    ['non-breaking spaces collapse', 'a\u00A0\u00A0b', 'a b'],
  ])('%s', (_name, raw, expected) => {
    expect(cleanText(raw)).toBe(expected);
  });
});

describe('capText', () => {
  it.each([
    ['short text unchanged', 'abc', 5, 'abc'],
    ['exact length unchanged', 'abcde', 5, 'abcde'],
    ['one over: cut with an ellipsis inside the cap', 'abcdef', 5, 'abcd…'],
    ['counts code points, not UTF-16 units', '😀😀😀', 3, '😀😀😀'],
    ['never splits a surrogate pair', '😀😀😀😀', 3, '😀😀…'],
    ['drops trailing space before the ellipsis', 'ab   cdefgh', 5, 'ab…'],
  ])('%s', (_name, raw, max, expected) => {
    expect(capText(raw, max)).toBe(expected);
  });
});

describe('cleanAndCap', () => {
  it('marks text cut before cleaning as shortened', () => {
    expect(cleanAndCap(`${'\u200B'.repeat(100_000)}tail`, 10)).toBe('…');
    expect(cleanAndCap('x'.repeat(100_000), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('does not split a surrogate pair at the pre-cut', () => {
    // The pre-cut falls between the halves of the emoji; everything before it is invisible.
    const text = `${'\u200B'.repeat(10 * 8 + 63)}😀${'b'.repeat(1000)}`;
    const result = cleanAndCap(text, 10);
    expect(result).toBe('…');
    expect(result).not.toContain('\uFFFD');
  });

  it('is fast on 1 MB of hostile text', () => {
    const started = performance.now();
    cleanAndCap('\u202E\u200B<'.repeat(350_000), 200);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

// X11 text property decoding: COMPOUND_TEXT escapes, Latin-1 STRING, UTF-8, WM_CLASS.
import { describe, expect, it } from 'vitest';
import { decodeCompoundText, decodeLatin1String, decodeTextProperty, decodeWmClass } from '../../native-host/src/desktops/x11/text.js';

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const ESC = '\x1b';

describe('COMPOUND_TEXT', () => {
  it('decodes what xterm stores for a non-ASCII title (Latin-1 GR + a UTF-8 segment)', () => {
    // Recorded with xprop -f WM_NAME 8x from `xterm -T 'Café ☕ résumé'`.
    const recorded = [
      0x43, 0x61, 0x66, 0xe9, 0x20, 0x1b, 0x25, 0x47, 0xe2, 0x98, 0x95, 0x1b, 0x25, 0x40, 0x20, 0x72, 0xe9, 0x73, 0x75, 0x6d, 0xe9,
    ];
    expect(decodeCompoundText(Buffer.from(recorded))).toBe('Café ☕ résumé');
  });

  it('switches right halves with ESC - F and back to Latin-1 with ESC - A', () => {
    const text = bytes('a', [0xe9], `${ESC}-B`, [0xb1], `${ESC}-F`, [0xe1], `${ESC}-A`, [0xe9]);
    expect(decodeCompoundText(text)).toBe('aéąαé');
  });

  it('handles a UTF-8 segment left open at the end, ESC ( B, trailing NULs and direction controls', () => {
    expect(decodeCompoundText(bytes(`x${ESC}%G`, Buffer.from('日本', 'utf8')))).toBe('x日本');
    expect(decodeCompoundText(bytes(`${ESC}(Bplain`, [0, 0]))).toBe('plain');
    expect(decodeCompoundText(bytes('a', [0x9b, 0x31, 0x5d], 'b', [0x9b, 0x5d]))).toBe('ab');
  });

  it('replaces unsupported character sets instead of throwing', () => {
    const jis = bytes('ok ', `${ESC}$(B`, [0x30, 0x21], `${ESC}(B`, ' end');
    expect(decodeCompoundText(jis)).toBe('ok \uFFFD end');
    expect(() => decodeCompoundText(bytes(ESC))).not.toThrow();
    expect(() => decodeCompoundText(bytes(`${ESC}-`))).not.toThrow();
  });
});

describe('STRING and UTF8_STRING', () => {
  it('reads STRING as Latin-1, but UTF-8 bytes some programs store there as UTF-8', () => {
    expect(decodeLatin1String(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
    expect(decodeLatin1String(Buffer.from('Zoë ☕', 'utf8'))).toBe('Zoë ☕');
    expect(decodeTextProperty('UTF8_STRING', Buffer.from('Ωmega\0', 'utf8'))).toBe('Ωmega');
    expect(decodeTextProperty('STRING', Buffer.from([0xc0, 0x20]))).toBe('À ');
  });

  it('takes the class from WM_CLASS, falling back to the instance', () => {
    expect(decodeWmClass(Buffer.from('xterm\0XTerm\0'))).toBe('XTerm');
    expect(decodeWmClass(Buffer.from('navigator\0'))).toBe('navigator');
    expect(decodeWmClass(Buffer.from('onlyinstance'))).toBe('onlyinstance');
    expect(decodeWmClass(Buffer.from(''))).toBe('');
  });
});

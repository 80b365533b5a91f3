// Decodes X11 text properties (UTF8_STRING, STRING, COMPOUND_TEXT) into JS strings.

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

/** ISO 8859 right halves a COMPOUND_TEXT `ESC - F` may designate, by final byte. */
const RIGHT_HALF_ENCODINGS: Record<string, string> = {
  A: 'iso-8859-1',
  B: 'iso-8859-2',
  C: 'iso-8859-3',
  D: 'iso-8859-4',
  F: 'iso-8859-7',
  G: 'iso-8859-6',
  H: 'iso-8859-8',
  L: 'iso-8859-5',
  M: 'iso-8859-9',
};

const ESC = 0x1b;
const CSI = 0x9b;
const REPLACEMENT = '\uFFFD';

/** Properties end with padding NULs or hold several NUL-separated strings; a title is the first. */
function firstString(bytes: Uint8Array): Uint8Array {
  const nul = bytes.indexOf(0);
  return nul === -1 ? bytes : bytes.subarray(0, nul);
}

export function decodeUtf8(bytes: Uint8Array): string {
  return utf8Lenient.decode(firstString(bytes));
}

/**
 * ICCCM says STRING is Latin-1, but many programs (xdotool among them) store UTF-8 bytes there.
 * Bytes that form valid multi-byte UTF-8 are almost never intended Latin-1, so prefer UTF-8 then.
 */
export function decodeLatin1String(bytes: Uint8Array): string {
  const text = firstString(bytes);
  if (text.some((b) => b >= 0x80)) {
    try {
      return utf8Strict.decode(text);
    } catch {
      // not UTF-8: genuine Latin-1
    }
  }
  return latin1(text);
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

function decodeRightHalf(bytes: Uint8Array, encoding: string): string {
  try {
    // The designated set occupies GR (0xA0-0xFF), exactly where ISO 8859-x puts it.
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return REPLACEMENT.repeat(bytes.length);
  }
}

/**
 * COMPOUND_TEXT (ISO 2022 subset used by X): GL starts as ASCII, GR as Latin-1.
 * Supported: `ESC - F` (ISO 8859 right halves), `ESC ( B` (ASCII), `ESC % G … ESC % @` (UTF-8).
 * Other designations (CJK multi-byte sets, extended segments) decode as U+FFFD, never throw.
 */
export function decodeCompoundText(input: Uint8Array): string {
  const bytes = firstString(input);
  let out = '';
  let grEncoding: string | null = 'iso-8859-1';
  let glAscii = true;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === ESC) {
      const consumed = readEscape(bytes, i);
      if (consumed.kind === 'utf8') {
        const end = findUtf8End(bytes, consumed.next);
        out += utf8Lenient.decode(bytes.subarray(consumed.next, end));
        i = end === bytes.length ? end : end + 3;
        continue;
      }
      if (consumed.kind === 'right-half') grEncoding = consumed.encoding;
      if (consumed.kind === 'ascii') glAscii = true;
      if (consumed.kind === 'unsupported-gl') glAscii = false;
      i = consumed.next;
      continue;
    }
    if (b === CSI) {
      // Direction controls (CSI 1 ] , CSI 2 ] , CSI ]) carry no characters.
      let j = i + 1;
      while (j < bytes.length && bytes[j] !== 0x5d) j++;
      i = j + 1;
      continue;
    }
    if (b < 0x80) {
      let j = i;
      while (j < bytes.length && bytes[j]! < 0x80 && bytes[j] !== ESC) j++;
      const run = bytes.subarray(i, j);
      out += glAscii ? latin1(run) : REPLACEMENT;
      i = j;
      continue;
    }
    let j = i;
    while (j < bytes.length && bytes[j]! >= 0x80 && bytes[j] !== CSI) j++;
    const run = bytes.subarray(i, j);
    out += grEncoding ? decodeRightHalf(run, grEncoding) : REPLACEMENT;
    i = j;
  }
  return out;
}

type Escape =
  | { kind: 'utf8'; next: number }
  | { kind: 'right-half'; encoding: string | null; next: number }
  | { kind: 'ascii'; next: number }
  | { kind: 'unsupported-gl'; next: number }
  | { kind: 'ignored'; next: number };

/** Reads one escape sequence at `at` (ESC, intermediates 0x20-0x2F, one final byte 0x30-0x7E). */
function readEscape(bytes: Uint8Array, at: number): Escape {
  let j = at + 1;
  const intermediates: number[] = [];
  while (j < bytes.length && bytes[j]! >= 0x20 && bytes[j]! <= 0x2f) intermediates.push(bytes[j++]!);
  const final = j < bytes.length ? bytes[j]! : 0;
  const next = Math.min(j + 1, bytes.length);
  const inter = String.fromCharCode(...intermediates);
  const fin = String.fromCharCode(final);
  if (inter === '%' && fin === 'G') return { kind: 'utf8', next };
  if (inter === '-') return { kind: 'right-half', encoding: RIGHT_HALF_ENCODINGS[fin] ?? null, next };
  if (inter === '(' && fin === 'B') return { kind: 'ascii', next };
  if (inter === '(' || inter.startsWith('$')) {
    // JIS-Roman, GB2312, KSC5601, JIS X0208 …: not decoded.
    return inter.startsWith('$') && inter.includes(')') ? { kind: 'right-half', encoding: null, next } : { kind: 'unsupported-gl', next };
  }
  return { kind: 'ignored', next };
}

/** Position of the `ESC % @` that closes a UTF-8 segment, or the end of input. */
function findUtf8End(bytes: Uint8Array, from: number): number {
  for (let k = from; k + 2 < bytes.length; k++) {
    if (bytes[k] === ESC && bytes[k + 1] === 0x25 && bytes[k + 2] === 0x40) return k;
  }
  return bytes.length;
}

/** Decodes a text property by its type name; unknown types are tried as UTF-8. */
export function decodeTextProperty(typeName: string, bytes: Uint8Array): string {
  switch (typeName) {
    case 'COMPOUND_TEXT':
      return decodeCompoundText(bytes);
    case 'STRING':
      return decodeLatin1String(bytes);
    default:
      return decodeUtf8(bytes);
  }
}

/** WM_CLASS holds "instance\0class\0": the class names the application; fall back to the instance. */
export function decodeWmClass(bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  const instance = decodeLatin1String(bytes);
  const cls = nul === -1 ? '' : decodeLatin1String(bytes.subarray(nul + 1));
  return cls || instance;
}

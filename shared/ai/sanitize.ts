// Cleaning and capping of untrusted text, both going into prompts and coming back to the person.

/**
 * Characters that are invisible or reorder what is shown: C0/C1 controls, bidi embeddings,
 * overrides, isolates and marks, zero-width characters, the BOM, interlinear annotation
 * anchors and Unicode "tag" characters (invisible ASCII look-alikes used to smuggle prompt
 * injections). Line/paragraph separators are included; like newlines they become a space.
 */
const INVISIBLE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/g;

/** A surrogate half without its partner: not text, and not safely encodable everywhere. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const WHITESPACE_RUN = /\s+/g;

/**
 * One clean line of text: controls and invisible/bidi characters removed (a newline or tab
 * becomes a space so words stay apart), lone surrogates replaced, whitespace collapsed, trimmed.
 */
export function cleanText(text: string): string {
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(INVISIBLE_OR_CONTROL, '')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * At most `maxChars` code points; longer text is cut and ends with "…" (counted in the cap).
 * Counting code points, not UTF-16 units, keeps surrogate pairs (emoji) whole.
 */
export function capText(text: string, maxChars: number): string {
  // Fast path: UTF-16 length bounds the code-point count from above.
  if (text.length <= maxChars) return text;
  const points = Array.from(text.slice(0, maxChars * 2 + 2));
  if (points.length <= maxChars) return text;
  return `${points
    .slice(0, Math.max(0, maxChars - 1))
    .join('')
    .trimEnd()}…`;
}

/** `cleanText` then `capText`: the form of every untrusted string we embed or display. */
export function cleanAndCap(text: string, maxChars: number): string {
  // Cap generously before cleaning so a 100 KB title costs no more than a short one.
  const limit = maxChars * 8 + 64;
  if (text.length <= limit) return capText(cleanText(text), maxChars);
  // Do not leave half of a surrogate pair at the cut: it would come out as U+FFFD.
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  // The source went on past the cut, so the result always says it was shortened.
  return capText(`${cleanText(text.slice(0, cut))}…`, maxChars);
}

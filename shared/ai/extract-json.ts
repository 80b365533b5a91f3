// Finds the JSON object a model put somewhere in its answer (prose, code fences and all).
import { NoJSONError, ParseError, type AIRole } from './errors';
import { errorText } from '../util/error-text';

/**
 * Most `{` positions tried as the start of an object. Each try scans to the end of the text at
 * worst, so this bounds the work a hostile or runaway answer can cause; a real answer has its
 * object within the first few braces.
 */
export const MAX_OBJECT_STARTS = 64;

/** What the scan found: a parsed object, only brace groups that are not JSON, or nothing. */
export type JSONObjectSearch =
  | { found: 'object'; json: string; value: Record<string, unknown> }
  | { found: 'malformed'; candidate: string; cause: unknown }
  | { found: 'none' };

/**
 * End index (exclusive) of the brace-balanced group opening at `start`, or -1 when the text ends
 * first. Braces inside JSON strings do not count, and `\"` does not end a string.
 */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b /* { */) {
      depth++;
    } else if (ch === 0x7d /* } */) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The first `{` that opens a brace-balanced group which `JSON.parse` accepts wins. A balanced
 * group that is not JSON (prose such as "use {curly} braces", or a template the model echoed,
 * like `{"drifting": <true|false>}`) is skipped and the scan moves on to the next `{` — which may
 * be inside it, so a valid object nested in a broken one is still found.
 */
export function searchJSONObject(text: string): JSONObjectSearch {
  let firstMalformed: { candidate: string; cause: unknown } | undefined;
  let start = text.indexOf('{');
  for (let tries = 0; start !== -1 && tries < MAX_OBJECT_STARTS; tries++) {
    const end = balancedEnd(text, start);
    if (end !== -1) {
      const candidate = text.slice(start, end);
      try {
        // A balanced group starting with `{` can only parse to a plain object.
        const value = JSON.parse(candidate) as Record<string, unknown>;
        return { found: 'object', json: candidate, value };
      } catch (cause) {
        firstMalformed ??= { candidate, cause };
      }
    }
    start = text.indexOf('{', start + 1);
  }
  return firstMalformed ? { found: 'malformed', ...firstMalformed } : { found: 'none' };
}

/**
 * The first complete JSON object in `text`, as its exact source text. Throws `NoJSONError` when
 * there is no brace-balanced group at all (including a truncated object), and `ParseError` (with
 * the `JSON.parse` error as `cause`) when there are balanced groups but none of them is JSON.
 */
export function extractJSON(text: string, role?: AIRole): string {
  return findJSONObject(text, role).json;
}

/** The first complete JSON object, source and value, or the NoJSONError / ParseError extractJSON documents. */
export function findJSONObject(text: string, role?: AIRole): Extract<JSONObjectSearch, { found: 'object' }> {
  const search = searchJSONObject(text);
  if (search.found === 'object') return search;
  if (search.found === 'malformed') {
    throw new ParseError(errorText(search.cause), { role, output: text, cause: search.cause });
  }
  throw new NoJSONError({ role, output: text });
}

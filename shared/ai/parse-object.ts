// The shared first half of every role parser: non-empty output, one JSON object, the role's shape.
import type { z } from 'zod';
import { EmptyResponseError, ParseError, type AIRole } from './errors';
import { findJSONObject } from './extract-json';

/** Blank also when only invisible characters remain (some models emit a lone BOM or ZWSP). */
const BLANK = /^[\s\u200B-\u200D\u2060\uFEFF]*$/;

/**
 * The role's object from raw model output, validated by `schema`. Keys the schema does not name
 * are ignored; the keys it names must have exactly the declared types (`"true"` is not a boolean).
 */
export function parseRoleObject<Schema extends z.ZodType>(text: string, schema: Schema, role: AIRole): z.infer<Schema> {
  if (BLANK.test(text)) throw new EmptyResponseError({ role, output: text });
  const result = schema.safeParse(findJSONObject(text, role).value);
  if (!result.success) {
    const detail = result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(object)'}: ${issue.message}`).join('; ');
    throw new ParseError(detail, { role, output: text, cause: result.error });
  }
  return result.data;
}

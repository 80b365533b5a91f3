// Turns a zod schema into the compact JSON Schema subset `conforms` checks; run at build time, never in a page.
import * as z from 'zod';
import type { Shape } from './shape';

/** Keywords that carry no constraint `conforms` needs: dropped. */
const DROPPED = new Set(['$schema', 'additionalProperties', 'default', 'description', 'title', 'examples']);
const KEPT = new Set([
  'type',
  'properties',
  'required',
  'items',
  'anyOf',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);

function compact(node: Record<string, unknown>, path: string): Shape {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key)) {
      // `additionalProperties: false` is zod's output mode for plain objects; a schema for extra keys is not.
      if (key === 'additionalProperties' && value !== false) throw new Error(`${path}: records are not supported in checked messages`);
      continue;
    }
    if (!KEPT.has(key)) throw new Error(`${path}: JSON Schema keyword "${key}" is not supported by the zod-free checker`);
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Record<string, unknown>>).map(([name, child]) => [name, compact(child, `${path}.${name}`)]),
      );
    } else if (key === 'items') {
      out.items = compact(value as Record<string, unknown>, `${path}[]`);
    } else if (key === 'anyOf') {
      out.anyOf = (value as Record<string, unknown>[]).map((option, i) => compact(option, `${path}|${i}`));
    } else {
      out[key] = value;
    }
  }
  return out as Shape;
}

/**
 * The shape of what `schema` outputs, for checking a message without zod. Throws on anything the
 * checker cannot express (refinements and transforms have no shape and are left out by zod).
 */
export function compactShape(schema: z.ZodType, name = 'message'): Shape {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', reused: 'inline', cycles: 'throw' });
  return compact(json as Record<string, unknown>, name);
}

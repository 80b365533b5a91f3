// A zod-free checker of the JSON Schema subset the build derives from our zod schemas (see modules/message-shapes.ts).

/** The keywords `compactShape` keeps; anything else in a schema stops the build. */
export interface Shape {
  type?: string | string[];
  properties?: Record<string, Shape>;
  required?: string[];
  items?: Shape;
  anyOf?: Shape[];
  enum?: readonly unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Deeper than any message of ours: a hostile or broken value cannot recurse the checker into a stack overflow. */
const MAX_DEPTH = 32;

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

const patterns = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source, 'u')));
  return re;
}

function boundsHold(shape: Shape, value: unknown): boolean {
  if (typeof value === 'string') {
    // UTF-16 units, as zod counts them (JSON Schema would count code points).
    if (shape.minLength !== undefined && value.length < shape.minLength) return false;
    if (shape.maxLength !== undefined && value.length > shape.maxLength) return false;
    if (shape.pattern !== undefined && !regex(shape.pattern).test(value)) return false;
  }
  if (typeof value === 'number') {
    if (shape.minimum !== undefined && value < shape.minimum) return false;
    if (shape.maximum !== undefined && value > shape.maximum) return false;
    if (shape.exclusiveMinimum !== undefined && value <= shape.exclusiveMinimum) return false;
    if (shape.exclusiveMaximum !== undefined && value >= shape.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (shape.minItems !== undefined && value.length < shape.minItems) return false;
    if (shape.maxItems !== undefined && value.length > shape.maxItems) return false;
  }
  return true;
}

/**
 * Whether `value` has the shape. Keys the shape does not name are allowed, as zod allows (and
 * strips) them; every named key must have its declared type.
 */
export function conforms(shape: Shape, value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (shape.anyOf && !shape.anyOf.some((option) => conforms(option, value, depth + 1))) return false;
  if (shape.type !== undefined) {
    const types = Array.isArray(shape.type) ? shape.type : [shape.type];
    if (!types.some((type) => typeMatches(type, value))) return false;
  }
  if ('const' in shape && value !== shape.const) return false;
  if (shape.enum && !shape.enum.includes(value)) return false;
  if (!boundsHold(shape, value)) return false;
  if (shape.items && Array.isArray(value) && !value.every((item) => conforms(shape.items!, item, depth + 1))) return false;
  if (shape.properties && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of shape.required ?? []) if (!Object.hasOwn(record, key) || record[key] === undefined) return false;
    for (const [key, property] of Object.entries(shape.properties)) {
      if (record[key] !== undefined && !conforms(property, record[key], depth + 1)) return false;
    }
  }
  return true;
}

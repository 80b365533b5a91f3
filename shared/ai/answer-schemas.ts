// The JSON Schema each role's answer is constrained to where a backend can constrain output, written by hand for generation.
import type { ResponseSchema } from './prompt-api';
import type { AIRole } from './vocabulary';

export type { ResponseSchema } from './prompt-api';

/**
 * The only keywords these schemas use. Chrome's `responseConstraint` throws NotSupportedError on a
 * schema it cannot apply, and nothing says beforehand which ones: type arrays, `anyOf` and `const`
 * (which zod's converter writes for `.nullish()` and literals) are left out on purpose. A test holds
 * the schemas to this list.
 */
export const ANSWER_SCHEMA_KEYWORDS = ['type', 'properties', 'required', 'enum', 'items', 'additionalProperties'] as const;

const object = (properties: Record<string, ResponseSchema>): ResponseSchema => ({
  type: 'object',
  properties,
  // Every field required: a constrained model may otherwise answer "drifting" with no reason, which the
  // strict parser rightly refuses. The parsers stay as lenient as before about what a model sends freely.
  required: Object.keys(properties),
  additionalProperties: false,
});

const text: ResponseSchema = { type: 'string' };
const flag: ResponseSchema = { type: 'boolean' };

/** Each role's answer shape, as its parser reads it (the parsers are the authority; these only steer generation). */
export const ANSWER_SCHEMAS: Readonly<Record<AIRole, ResponseSchema>> = {
  judge: object({ drifting: flag, reason: text }),
  nudge: object({ on_track: flag, message: text }),
  coach: object({
    next_action: text,
    success_condition: text,
    allowed: { type: 'array', items: text },
    // Required, as every field is: "nothing to ask" is an empty ask and no answers (no nullable types in Chrome's subset).
    question: object({ ask: text, answers: { type: 'array', items: object({ answer: text, allowed: { type: 'array', items: text } }) } }),
  }),
  test: object({ ok: { type: 'boolean', enum: [true] } }),
};

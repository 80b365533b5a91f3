// The JSON Schema of each role's answer, derived from the same zod schemas the strict parsers use, for backends that can constrain output.
import * as z from 'zod';
import { CoachSchema } from './coach';
import { TestAnswer } from './connection-test';
import { NudgeSchema } from './nudge';
import { VerdictSchema } from './verdict';

import type { ResponseSchema } from './prompt-api';

export type { ResponseSchema } from './prompt-api';

function jsonSchemaOf(schema: z.ZodType): ResponseSchema {
  // The meta-schema URL is noise to a model's constraint; the rest is plain JSON Schema.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

export const RESPONSE_SCHEMAS = {
  verdict: jsonSchemaOf(VerdictSchema),
  nudge: jsonSchemaOf(NudgeSchema),
  coach: jsonSchemaOf(CoachSchema),
  test: jsonSchemaOf(TestAnswer),
} as const;

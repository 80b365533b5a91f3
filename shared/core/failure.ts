// Why an AI call or a request failed, in words a person can act on: one schema for every failure, one vocabulary from the CLI to the surfaces.
import * as z from 'zod';
import { PARSE_FAILURE_KINDS } from '../ai/vocabulary';
import { RunErrorKind } from '../protocol/frames';
import { onFirstUse } from '../util/on-first-use';

/**
 * The helper's run errors, an AI that cannot be asked at all, one the person has not said yes to, and the
 * role parsers' kinds (`empty` is both the helper's and the parser's).
 */
export const FailureKind = onFirstUse(() => z.union([RunErrorKind, z.enum(['unavailable', 'consent', ...PARSE_FAILURE_KINDS])]));
export type FailureKind = z.infer<typeof FailureKind>;

export const Failure = onFirstUse(() =>
  z.object({
    kind: FailureKind,
    message: z.string(),
    /** What the person can do about it, e.g. "run `claude` once in a terminal to log in". */
    hint: z.string().optional(),
  }),
);
export type Failure = z.infer<typeof Failure>;

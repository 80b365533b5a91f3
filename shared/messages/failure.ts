// Why a request failed, in words a person can act on: one schema for every failed reply.
import * as z from 'zod';
import { RunErrorKind } from '../protocol/frames';

/** The role parsers' failures, as the surfaces name them. */
export const PARSE_FAILURE_KINDS = ['empty_response', 'no_json', 'parse', 'invalid'] as const;

export const FailureKind = z.union([RunErrorKind, z.enum(['unavailable', ...PARSE_FAILURE_KINDS])]);
export type FailureKind = z.infer<typeof FailureKind>;

export const Failure = z.object({
  kind: FailureKind,
  message: z.string(),
  /** What the person can do about it, e.g. "run `claude` once in a terminal to log in". */
  hint: z.string().optional(),
});
export type Failure = z.infer<typeof Failure>;

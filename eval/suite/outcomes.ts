// One case's outcome as the results file keeps it: what was expected, what the backend said, how long it took.
import * as z from 'zod';

export const JudgeOutcome = z.strictObject({
  role: z.literal('judge'),
  id: z.string(),
  kind: z.string(),
  expected: z.boolean(),
  /** The verdict's `drifting`; absent when the call failed. */
  got: z.boolean().optional(),
  reason: z.string().optional(),
  error: z.string().optional(),
  ms: z.number().nonnegative(),
});
export type JudgeOutcome = z.infer<typeof JudgeOutcome>;

export const NudgeOutcome = z.strictObject({
  role: z.literal('nudge'),
  id: z.string(),
  kind: z.string(),
  /** On track expected. */
  expected: z.boolean(),
  /** On track said (an empty message); absent when the call failed. */
  got: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  ms: z.number().nonnegative(),
});
export type NudgeOutcome = z.infer<typeof NudgeOutcome>;

export const Outcome = z.discriminatedUnion('role', [JudgeOutcome, NudgeOutcome]);
export type Outcome = z.infer<typeof Outcome>;

/** Answered: the call returned a usable answer (an error is no answer, and scores nothing). */
export function answered(o: Outcome): o is Outcome & { got: boolean } {
  return o.got !== undefined;
}

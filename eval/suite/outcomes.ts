// One case's outcome as the results file keeps it: what was expected, what the backend said, how long it took.
import * as z from 'zod';

/**
 * What every outcome has. For the judge, `expected`/`got` are "drifting"; for the nudge, "on track"
 * (an empty message). `got` is absent when the call failed, and `error` says why.
 */
const common = {
  id: z.string(),
  kind: z.string(),
  expected: z.boolean(),
  got: z.boolean().optional(),
  error: z.string().optional(),
  ms: z.number().nonnegative(),
};

export const JudgeOutcome = z.strictObject({ role: z.literal('judge'), ...common, reason: z.string().optional() });
export type JudgeOutcome = z.infer<typeof JudgeOutcome>;

export const NudgeOutcome = z.strictObject({ role: z.literal('nudge'), ...common, message: z.string().optional() });
export type NudgeOutcome = z.infer<typeof NudgeOutcome>;

export const Outcome = z.discriminatedUnion('role', [JudgeOutcome, NudgeOutcome]);
export type Outcome = z.infer<typeof Outcome>;

/** Answered: the call returned a usable answer (an error is no answer, and scores nothing). */
export function answered(o: Outcome): o is Outcome & { got: boolean } {
  return o.got !== undefined;
}

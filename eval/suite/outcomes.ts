// One case's outcome as the results file keeps it: what was expected, what the backend said, how long it took.
import * as z from 'zod';

/**
 * What every outcome has. For the judge and a page, `expected`/`got` are "drifting"; for the nudge, "on track"
 * (an empty message). `got` is absent when the call failed, and `error` says why.
 */
const common = {
  id: z.string(),
  kind: z.string(),
  expected: z.boolean(),
  got: z.boolean().optional(),
  error: z.string().optional(),
  ms: z.number().nonnegative(),
  /** Asked with the commitment's Involves in the prompt; absent when asked without (as every run before Involves). */
  withInvolves: z.literal(true).optional(),
};

export const JudgeOutcome = z.strictObject({ role: z.literal('judge'), ...common, reason: z.string().optional() });
export type JudgeOutcome = z.infer<typeof JudgeOutcome>;

export const NudgeOutcome = z.strictObject({ role: z.literal('nudge'), ...common, message: z.string().optional() });
export type NudgeOutcome = z.infer<typeof NudgeOutcome>;

/** A page of a mixed-use site, judged as a judge case is; where it sits in its sequence, for the per-site baseline. */
export const PageOutcome = z.strictObject({
  role: z.literal('page'),
  ...common,
  reason: z.string().optional(),
  sequence: z.string(),
  site: z.string(),
  step: z.number().int().nonnegative(),
});
export type PageOutcome = z.infer<typeof PageOutcome>;

export const Outcome = z.discriminatedUnion('role', [JudgeOutcome, NudgeOutcome, PageOutcome]);
export type Outcome = z.infer<typeof Outcome>;

/** The case an outcome answers, told apart from the same case asked the other way (with or without Involves). */
export const outcomeKey = (o: { role: string; id: string; withInvolves?: boolean }): string =>
  `${o.role}:${o.id}${o.withInvolves ? ':involves' : ''}`;

/** Answered: the call returned a usable answer (an error is no answer, and scores nothing). */
export function answered(o: Outcome): o is Outcome & { got: boolean } {
  return o.got !== undefined;
}

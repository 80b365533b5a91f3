// A session's work/break rhythm as stored and sent: its zod schema, whole minutes within the limits.
import * as z from 'zod';
import { RHYTHM_BREAK_MINUTES, RHYTHM_WORK_MINUTES } from './core-limits';
import type { Rhythm as RhythmShape } from './rhythm';
import { onFirstUse } from '../util/on-first-use';

/** Whole minutes within a range; the messages follow the field's name ("work: 1 to 240 minutes"). */
export const wholeMinutes = (range: { min: number; max: number }, what: string) =>
  z
    .number({ error: 'enter a number' })
    .int(`${what}: whole minutes`)
    .min(range.min, `${what}: ${range.min} to ${range.max} minutes`)
    .max(range.max, `${what}: ${range.min} to ${range.max} minutes`);

export const Rhythm = onFirstUse(
  () =>
    z.object({
      workMinutes: wholeMinutes(RHYTHM_WORK_MINUTES, 'work'),
      breakMinutes: wholeMinutes(RHYTHM_BREAK_MINUTES, 'break'),
    }) satisfies z.ZodType<RhythmShape>,
);
export type Rhythm = z.infer<typeof Rhythm>;

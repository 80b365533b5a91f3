// An AI port's status as it reports it (every port but the helper's, whose status is the host connection): its availability and, when unusable, why.
import * as z from 'zod';
import { MODEL_AVAILABILITIES } from './vocabulary';
import { onFirstUse } from '../util/on-first-use';

/** The availability words are the Prompt API's: a port that runs a local model may first need a download. */
export const PortStatus = onFirstUse(() =>
  z.object({
    availability: z.enum(MODEL_AVAILABILITIES),
    /** Why it is unavailable (no Prompt API in this browser, or the device), in words. */
    reason: z.string().max(500).optional(),
  }),
);
export type PortStatus = z.infer<typeof PortStatus>;

/** Before the worker has asked. */
export const PORT_NOT_CHECKED: PortStatus = { availability: 'unavailable', reason: 'not checked yet' };

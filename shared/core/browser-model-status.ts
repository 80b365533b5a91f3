// The browser's built-in model as the controller and the surfaces see it: its availability and, when unusable, why.
import * as z from 'zod';
import { MODEL_AVAILABILITIES } from './vocabulary';

export const BrowserModelStatus = z.object({
  availability: z.enum(MODEL_AVAILABILITIES),
  /** Why it is unavailable (no Prompt API in this browser, or the device), in words. */
  reason: z.string().max(500).optional(),
});
export type BrowserModelStatus = z.infer<typeof BrowserModelStatus>;

/** Before the worker has asked. */
export const MODEL_NOT_CHECKED: BrowserModelStatus = { availability: 'unavailable', reason: 'not checked yet' };

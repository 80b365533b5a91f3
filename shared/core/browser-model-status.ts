// The browser's built-in model as the controller and the surfaces see it: its availability and, when unusable, why.
import * as z from 'zod';
import { MODEL_AVAILABILITIES, type ModelAvailability } from './vocabulary';

export const BrowserModelStatus = z.object({
  availability: z.enum(MODEL_AVAILABILITIES),
  /** Why it is unavailable (no Prompt API in this browser, or the device), in words. */
  reason: z.string().max(500).optional(),
});
export type BrowserModelStatus = z.infer<typeof BrowserModelStatus>;

/** Before the worker has asked. */
export const MODEL_NOT_CHECKED: BrowserModelStatus = { availability: 'unavailable', reason: 'not checked yet' };

/** One line per state, for Options and the popup. */
export function browserModelLine(status: BrowserModelStatus): string {
  const lines: Record<ModelAvailability, string> = {
    available: "the browser's built-in model is ready: nothing leaves this computer",
    downloadable: "the browser's built-in model can be downloaded (Options → AI backend → Download)",
    downloading: "the browser's built-in model is downloading",
    unavailable: `the browser's built-in model is unavailable${status.reason ? `: ${status.reason}` : ''}`,
  };
  return lines[status.availability];
}

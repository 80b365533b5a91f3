// The browser's built-in model in words, one per state: the line Options and the popup show, and the failure of a call (zod-free).
import type { Failure } from './failure';
import type { BrowserModelStatus } from './browser-model-status';
import type { ModelAvailability } from './vocabulary';

/** Lower-case, as a failure's message is; the surfaces capitalize it where it starts a sentence. */
export function browserModelLine(status: BrowserModelStatus): string {
  const lines: Record<ModelAvailability, string> = {
    available: "the browser's built-in model is ready: titles it judges never leave this computer",
    downloadable: "the browser's built-in model is not downloaded yet: Options → AI backend → Download",
    downloading: "the browser's built-in model is downloading",
    unavailable: `the browser's built-in model is unavailable${status.reason ? `: ${status.reason}` : ''}`,
  };
  return lines[status.availability];
}

/** Why no call can run on the built-in model now (anything but `available`), and what to do. */
export function browserModelUnusable(status: BrowserModelStatus): Failure {
  return {
    kind: 'unavailable',
    message: browserModelLine(status),
    hint:
      status.availability === 'unavailable'
        ? 'choose a CLI backend in Options, through the helper'
        : 'Options → AI backend → Download the built-in model',
  };
}

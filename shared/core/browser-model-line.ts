// The browser's built-in model in words, one per state: its status line (the view carries it to Options and the popup), and the failure of a call (zod-free).
import type { Failure } from './failure';
import type { PortStatus } from './port-status';
import type { ModelAvailability } from './vocabulary';

/** The port's name, written once: its facts show it, its lines and its failures start with it. */
export const BROWSER_MODEL = "the browser's built-in model";

/** Lower-case, as a failure's message is; the surfaces capitalize it where it starts a sentence. */
export function browserModelLine(status: PortStatus): string {
  const lines: Record<ModelAvailability, string> = {
    available: `${BROWSER_MODEL} is ready: titles it judges never leave this computer`,
    downloadable: `${BROWSER_MODEL} is not downloaded yet: Options → AI backend → Download`,
    downloading: `${BROWSER_MODEL} is downloading`,
    unavailable: `${BROWSER_MODEL} is unavailable${status.reason ? `: ${status.reason}` : ''}`,
  };
  return lines[status.availability];
}

/** Why no call can run on the built-in model now (anything but `available`), and what to do. */
export function browserModelUnusable(status: PortStatus): Failure {
  return {
    kind: 'unavailable',
    message: browserModelLine(status),
    hint:
      status.availability === 'unavailable'
        ? 'choose a CLI backend in Options, through the helper'
        : 'Options → AI backend → Download the built-in model',
  };
}

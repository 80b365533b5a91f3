// The browser's built-in model in one line per state, for Options and the popup (zod-free).
import type { BrowserModelStatus } from './browser-model-status';
import type { ModelAvailability } from './vocabulary';

export function browserModelLine(status: BrowserModelStatus): string {
  const lines: Record<ModelAvailability, string> = {
    available: "The browser's built-in model is ready: titles it judges never leave this computer",
    downloadable: "The browser's built-in model is not downloaded yet: Options → AI backend → Download",
    downloading: "The browser's built-in model is downloading",
    unavailable: `The browser's built-in model is unavailable${status.reason ? `: ${status.reason}` : ''}`,
  };
  return lines[status.availability];
}

// Small helpers the extractors share: first meaningful line, JSON sniffing, length trimming.
import { AUTH_PATTERN } from './defaults.js';
import type { Extraction } from './types.js';

const MAX_MESSAGE_CHARS = 300;

/** Trims a message to something a person can read in a popup. */
export function shortMessage(text: string, max = MAX_MESSAGE_CHARS): string {
  const flat = text.trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** First non-blank line of `text`, shortened; '' when there is none. */
export function firstLine(text: string): string {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed) return shortMessage(trimmed);
  }
  return '';
}

/** Parses `text` as JSON, or the outermost `{…}` inside it (CLIs print banners around JSON). */
export function parseJsonLoose(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(trimmed.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A CLI's own error text as a classified failure: `auth` (with the backend's log-in hint) when it
 * reads like a log-in problem or `isAuth` says so, else `api_error` named after the backend.
 */
export function authOrApiError(backend: string, hint: string, detail: string, fallback = 'reported an error', isAuth = false): Extraction {
  if (isAuth || AUTH_PATTERN.test(detail)) return { kind: 'auth', message: `${hint} (${firstLine(detail)})` };
  return { kind: 'api_error', message: `${backend}: ${firstLine(detail) || fallback}` };
}

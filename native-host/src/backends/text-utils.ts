// Small helpers the extractors share: first meaningful line, JSON sniffing, and the words CLIs use for common failures.
import type { BackendSpec, Extraction } from './types.js';

const MAX_MESSAGE_CHARS = 300;

/** How most CLIs word missing or rejected credentials; a backend's `authPattern` starts from this. */
export const CREDENTIAL_WORDS =
  /not logged in|please run \/login|failed to authenticate|invalid api key|api key not valid|unauthori[sz]ed|\b401\b|authentication|no key found|login required|oauth token/i;

/** How CLIs word a service they could not reach at all (DNS, refused, offline). */
export const NETWORK_WORDS =
  /connection failed|error sending request|failed to lookup address|name does not resolve|getaddrinfo|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|network is unreachable|stream disconnected/i;

export const NETWORK_HINT = 'check the internet connection (and any proxy), then try again';

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

/** The first line of `text` that `pattern` matches, else its first line. */
export function lineMatching(text: string, pattern: RegExp): string {
  const line = text.split(/\r?\n/).find((l) => pattern.test(l));
  return line ? shortMessage(line) : firstLine(text);
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

export { isRecord } from '../../../shared/util/is-record.js';

/** The CLI's own words, quoted, for the end of a sentence: ` (it says “…”)`, or '' when it said nothing. */
export function quoted(detail: string): string {
  const line = firstLine(detail);
  return line ? ` (it says “${line}”)` : '';
}

/**
 * A CLI's own error text as a classified failure: `auth` when it reads like a log-in problem (the
 * backend's pattern) or `isAuth` says so; a service it could not reach; else an error it reported.
 */
export function reportedError(spec: Pick<BackendSpec, 'name' | 'authPattern'>, detail: string, isAuth = false): Extraction {
  if (isAuth || spec.authPattern.test(detail)) return { kind: 'auth', detail: firstLine(detail) };
  if (NETWORK_WORDS.test(detail)) return unreachable(spec.name, detail);
  return { kind: 'api_error', message: `${spec.name} reported an error${quoted(detail)}` };
}

/** The backend could not reach its service. */
export function unreachable(name: string, detail: string): Extraction & { kind: 'api_error' } {
  return { kind: 'api_error', message: `${name} could not reach its service${quoted(detail)}`, hint: NETWORK_HINT };
}

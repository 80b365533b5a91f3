// Turns raw tab and OS-window facts into observations, applying privacy settings first.
import type { ObservationRecord } from './controller/controller-records';
import { MAX_OBSERVED_APP, MAX_OBSERVED_TITLE } from './core-limits';
import { appKey, matchesAny } from './match';
import { allowedPartOf, placeOf } from './site-parts';
import { redactTitle, type SessionSettings } from './session-settings';

export interface TabFacts {
  id?: number;
  windowId?: number;
  url?: string;
  title?: string;
  incognito?: boolean;
}

export type TabDecision = { observe: ObservationRecord } | { ignore: string };

/**
 * Redacts, then cuts to what state may hold: redacting first means a cut never leaves half a
 * secret the pattern no longer matches, and `[redacted]` can never push a title past the limit.
 * The input is bounded first so a megabyte title does not meet 50 patterns.
 */
function redactAndCap(text: string, patterns: readonly string[]): string {
  return redactTitle(text.slice(0, MAX_OBSERVED_TITLE * 2), patterns).slice(0, MAX_OBSERVED_TITLE);
}

/** Pages that are a step on the way somewhere (new tab, blank): they say nothing about the work. */
const TRANSIENT =
  /^(chrome|edge|brave|vivaldi|opera):\/\/(newtab|new-tab-page)|^about:(blank|newtab|home|privatebrowsing)|^chrome-search:/i;

/** The URL as a browser may print it where a title is missing: whole, without the scheme, or decoded. */
function urlSpellings(url: URL): string[] {
  const bare = url.href.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const spellings = [url.href, bare];
  try {
    spellings.push(decodeURI(url.href), decodeURI(bare));
  } catch {
    // Malformed escapes: the encoded spellings are all there is.
  }
  return spellings;
}

/**
 * A page without a title shows its URL as the title. The query and fragment (tokens, search terms)
 * never reach a prompt; with neverSendUrls the path does not either.
 */
function withoutUrl(title: string, url: URL, neverSendUrls: boolean): string {
  const kept = neverSendUrls ? url.host : `${url.host}${url.pathname}`;
  const trimmed = title.trim();
  if (urlSpellings(url).includes(trimmed)) return kept;
  let out = title;
  for (const part of [url.search, url.hash]) {
    // Very short parts ("#7", "?a") would also cut ordinary words out of real titles.
    if (part.length < 4) continue;
    const forms = [part];
    try {
      forms.push(decodeURIComponent(part));
    } catch {
      // Malformed escapes: strip the encoded form only.
    }
    for (const form of forms) out = out.split(form).join('');
  }
  return out;
}

/**
 * A tab as an observation: app = the site's host (never the URL unless the person allowed it),
 * title redacted. Incognito (unless opted in), the extension's own pages, transient and other
 * internal browser pages are ignored: the previous observation stays current.
 */
export function observeTab(tab: TabFacts, settings: SessionSettings, extensionOrigin: string, at: number): TabDecision {
  if (tab.incognito && !settings.includeIncognito) return { ignore: 'incognito' };
  const url = tab.url ?? '';
  if (!url) return { ignore: 'no url yet' };
  if (url.startsWith(extensionOrigin)) return { ignore: 'antidrift page' };
  if (TRANSIENT.test(url)) return { ignore: 'new tab' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ignore: 'unparsable url' };
  }
  let app: string;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') app = appKey(parsed.hostname);
  else if (parsed.protocol === 'file:') app = 'file';
  else return { ignore: 'internal browser page' };
  if (!app) return { ignore: 'no host' };
  const shown = withoutUrl((tab.title ?? '').slice(0, MAX_OBSERVED_TITLE * 2), parsed, settings.neverSendUrls);
  const place = `${parsed.host}${parsed.pathname}`;
  // With URLs allowed, the path travels with the title, once (an untitled page's title already is it).
  const title = redactAndCap(settings.neverSendUrls || shown === place ? shown : `${shown} · ${place}`, settings.redactPatterns);
  // Where on the site: for the lists' parts of sites, and on a mixed-use site the page its verdict belongs to.
  // They stay on this computer, and the person's redaction patterns run over them as over a title.
  const where = placeOf(parsed);
  const hide = (text: string) => redactAndCap(text, settings.redactPatterns).slice(0, MAX_OBSERVED_APP);
  const path = where ? hide(where.path) : undefined;
  const mixed = where && matchesAny(settings.mixedUseSites, { app, source: 'tab', path });
  return {
    observe: {
      source: 'tab',
      title,
      app,
      ...(path !== undefined ? { path } : {}),
      ...(mixed ? { page: hide(where.page), part: hide(allowedPartOf(where)) } : {}),
      at,
      ...(tab.id !== undefined && tab.windowId !== undefined ? { ref: { tabId: tab.id, windowId: tab.windowId } } : {}),
    },
  };
}

export function isBrowserWindow(app: string, settings: SessionSettings): boolean {
  const key = app.trim().toLowerCase();
  return settings.browserWindowClasses.some((c) => c === key);
}

/** An OS window as an observation; null for the browser's own windows (the tab speaks for them). */
export function observeOsWindow(
  event: { title: string; app: string; at: number },
  settings: SessionSettings,
  at: number,
): ObservationRecord | null {
  if (!event.app.trim() && !event.title.trim()) return null;
  if (isBrowserWindow(event.app, settings)) return null;
  return {
    source: 'os',
    title: redactAndCap(event.title, settings.redactPatterns),
    app: event.app.trim().slice(0, MAX_OBSERVED_APP) || 'unknown app',
    at,
  };
}

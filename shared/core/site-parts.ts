// Where an address belongs on a site: its page (a verdict's key on a mixed-use site) and its part (a channel, a subreddit, an
// owner), worked out on this computer from the address alone. Zod-free: the popup and the page guard load it.

/**
 * The sites where a person's work and their drift sit side by side, so a verdict belongs to the page, not the site. The
 * person can change the list (Options); an entry may name part of a site (`google.com/search`), as list entries do.
 */
export const DEFAULT_MIXED_USE_SITES: readonly string[] = [
  'youtube.com',
  'reddit.com',
  'x.com',
  'twitter.com',
  'facebook.com',
  'instagram.com',
  'tiktok.com',
  'twitch.tv',
  'linkedin.com',
  'medium.com',
  'substack.com',
  'news.ycombinator.com',
  'wikipedia.org',
  'stackoverflow.com',
  'stackexchange.com',
  'github.com',
  'google.com/search',
  'bing.com/search',
  'duckduckgo.com',
];

/** A place on a site, each part written as a list entry writes it: the host without `www.`, a lower-case path. */
export interface SitePlace {
  /** The host, lower case, without `www.` or `m.` (`youtube.com`, `en.wikipedia.org`). */
  site: string;
  /** The path as entries match it: lower case, no trailing `/`, plus the one query field that names the page (`/watch?v=abc`). */
  path: string;
  /** The page: one video, thread, article, search (`youtube.com/watch?v=abc`, `reddit.com/r/typescript/comments/1x`). */
  page: string;
  /** The part the page belongs to, when its address says (`youtube.com/@3blue1brown`, `reddit.com/r/typescript`); else null. */
  part: string | null;
}

/** Longer pages and parts are cut: a key is an identity, not a record of the address. */
const MAX_KEY_CHARS = 200;

const strip = (host: string) => host.toLowerCase().replace(/^(www|m|mobile|old|new|np)\./, '');

/**
 * The path's segments as the address writes them (percent-encoded, so nothing in them reads as another part), lower case,
 * empty ones dropped. A typed entry goes through the same URL parser, so `youtube.com/@café` and its address agree.
 */
function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((s) => s.toLowerCase());
}

/** A search's words as one key: lower case, single spaces (the same search typed twice is one page). */
const searchWords = (text: string | null) => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

const pathOf = (segments: readonly string[]) => `/${segments.join('/')}`;

/** What a family of sites says of one address: the path as it names the page, the page's own path, and the part's path. */
interface Reading {
  path: string;
  page: string;
  part: string | null;
}

type FamilyReader = (segments: string[], search: URLSearchParams, host: string) => Reading;

const generic: FamilyReader = (segments) => ({ path: pathOf(segments), page: pathOf(segments), part: null });

/** A page named by one query field (`/watch?v=abc`): its path carries that field, so an entry can name the page. */
function byField(segments: string[], search: URLSearchParams, field: string): Reading | null {
  const value = searchWords(search.get(field));
  if (!value) return null;
  // Encoded once, `+` for a space as a search address writes it: nothing in it reads as another field.
  const path = `${pathOf(segments)}?${field}=${encodeURIComponent(value).replace(/%20/g, '+')}`;
  return { path, page: path, part: null };
}

const youtube: FamilyReader = (segments, search) => {
  const [first = '', second = ''] = segments;
  if (first === 'watch') return byField(segments, search, 'v') ?? generic(segments, search, '');
  if (first === 'playlist') return byField(segments, search, 'list') ?? generic(segments, search, '');
  if (first === 'results') return byField(segments, search, 'search_query') ?? generic(segments, search, '');
  if (first === 'shorts' && second) return { path: pathOf(segments), page: pathOf([first, second]), part: null };
  // A channel and everything under it: its videos, its playlists, its about page.
  if (first.startsWith('@')) return { path: pathOf(segments), page: pathOf([first]), part: pathOf([first]) };
  if (['channel', 'c', 'user'].includes(first) && second)
    return { path: pathOf(segments), page: pathOf([first, second]), part: pathOf([first, second]) };
  return { path: pathOf(segments), page: pathOf(segments.slice(0, 2)), part: null };
};

/** youtu.be/ID is youtube.com/watch?v=ID. */
const youtuBe: FamilyReader = (segments) => {
  const id = segments[0];
  if (!id) return generic(segments, new URLSearchParams(), '');
  const path = `/watch?v=${encodeURIComponent(id)}`;
  return { path, page: path, part: null };
};

const reddit: FamilyReader = (segments) => {
  const [first = '', name = '', third = '', id = ''] = segments;
  if ((first === 'r' || first === 'user' || first === 'u') && name) {
    const part = pathOf([first === 'u' ? 'user' : first, name]);
    // A post is its thread whatever its slug; anything else under the subreddit (hot, top, wiki) is the subreddit.
    const page = third === 'comments' && id ? `${part}/comments/${id}` : part;
    return { path: first === 'u' ? pathOf(['user', ...segments.slice(1)]) : pathOf(segments), page, part };
  }
  return { path: pathOf(segments), page: pathOf(segments.slice(0, 1)), part: null };
};

/** Sites where the first segment is an account, save for the site's own pages. */
function accountFirst(own: readonly string[], depth: number): FamilyReader {
  return (segments, search) => {
    const [first = ''] = segments;
    if (!first || own.includes(first.replace(/^@/, ''))) {
      if (first === 'search') return byField(segments, search, 'q') ?? generic(segments, search, '');
      return { path: pathOf(segments), page: pathOf(segments.slice(0, 2)), part: null };
    }
    return { path: pathOf(segments), page: pathOf(segments.slice(0, depth)), part: pathOf([first]) };
  };
}

const X_OWN = ['home', 'explore', 'search', 'i', 'notifications', 'messages', 'settings', 'compose', 'login', 'tos', 'privacy'];
/** x.com/handle/status/ID: the post; x.com/handle: the account. */
const x = accountFirst(X_OWN, 3);
const github = accountFirst(
  [
    'trending',
    'explore',
    'topics',
    'notifications',
    'settings',
    'marketplace',
    'search',
    'pulls',
    'issues',
    'login',
    'features',
    'sponsors',
    'orgs',
    'collections',
    'codespaces',
  ],
  2,
);
const instagram = accountFirst(['explore', 'reels', 'direct', 'accounts', 'stories', 'p', 'reel'], 2);
const facebook = accountFirst(
  ['watch', 'groups', 'marketplace', 'gaming', 'events', 'pages', 'search', 'friends', 'messages', 'photo', 'reel'],
  2,
);
const twitch = accountFirst(['directory', 'search', 'settings', 'videos', 'downloads', 'p'], 2);
/** tiktok.com/@user/video/ID: the video. */
const tiktok = accountFirst(['explore', 'foryou', 'following', 'live', 'search', 'discover', 'tag'], 3);
/** medium.com/@user/slug: the article, under the writer. */
const medium = accountFirst(['p', 'search', 'tag', 'me', 'topics', 'plans', 'membership'], 2);

const linkedin: FamilyReader = (segments) => {
  const [first = '', name = ''] = segments;
  if (['in', 'company', 'school', 'showcase'].includes(first) && name)
    return { path: pathOf(segments), page: pathOf([first, name]), part: pathOf([first, name]) };
  return { path: pathOf(segments), page: pathOf(segments.slice(0, 2)), part: null };
};

const hackerNews: FamilyReader = (segments, search) => byField(segments, search, 'id') ?? generic(segments, search, '');

/** en.wikipedia.org/wiki/Parsing: the article, its title as the address spells it. */
const wikipedia: FamilyReader = (segments) => ({ path: pathOf(segments), page: pathOf(segments.slice(0, 2)), part: null });

/** stackoverflow.com/questions/ID/slug: the question, whatever its slug; /questions/tagged/T: the tag, a part. */
const stackExchange: FamilyReader = (segments, search) => {
  const [first = '', second = '', third = ''] = segments;
  if (first === 'questions' && second === 'tagged' && third)
    return { path: pathOf(segments), page: pathOf(segments.slice(0, 3)), part: pathOf(segments.slice(0, 3)) };
  if ((first === 'questions' || first === 'q' || first === 'a') && second)
    return { path: pathOf(segments), page: pathOf(['questions', second]), part: null };
  if (first === 'search') return byField(segments, search, 'q') ?? generic(segments, search, '');
  return { path: pathOf(segments), page: pathOf(segments.slice(0, 2)), part: null };
};

/** A search page: the search is its words; any other page of the engine, its path. */
function searchEngine(field: string, at: string): FamilyReader {
  return (segments, search) =>
    (pathOf(segments) === at ? byField(segments, search, field) : null) ?? { path: pathOf(segments), page: pathOf(segments), part: null };
}

/** A site of one writer each (`name.substack.com`): the writer is the host itself. */
const oneWriterPerHost: FamilyReader = (segments) => ({ path: pathOf(segments), page: pathOf(segments.slice(0, 2)), part: '' });

/** The families, by the end of the host (its registrable name); the first that fits reads the address. */
const FAMILIES: ReadonlyArray<{ host: string; read: FamilyReader }> = [
  { host: 'youtu.be', read: youtuBe },
  { host: 'youtube.com', read: youtube },
  { host: 'reddit.com', read: reddit },
  { host: 'x.com', read: x },
  { host: 'twitter.com', read: x },
  { host: 'github.com', read: github },
  { host: 'instagram.com', read: instagram },
  { host: 'facebook.com', read: facebook },
  { host: 'twitch.tv', read: twitch },
  { host: 'tiktok.com', read: tiktok },
  { host: 'linkedin.com', read: linkedin },
  { host: 'news.ycombinator.com', read: hackerNews },
  { host: 'wikipedia.org', read: wikipedia },
  { host: 'stackoverflow.com', read: stackExchange },
  { host: 'stackexchange.com', read: stackExchange },
  { host: 'substack.com', read: oneWriterPerHost },
  { host: 'medium.com', read: medium },
  { host: 'google.com', read: searchEngine('q', '/search') },
  { host: 'bing.com', read: searchEngine('q', '/search') },
  { host: 'duckduckgo.com', read: searchEngine('q', '/') },
];

const cut = (key: string) => key.slice(0, MAX_KEY_CHARS);

/**
 * Where a web address belongs. Every site gets its path (an entry like `example.com/docs` matches on it); the sites above
 * get their page and part as their addresses name them, any other its path as the page and no part. Null for what is
 * not a web address.
 */
export function placeOf(address: string | URL): SitePlace | null {
  let url: URL;
  try {
    url = typeof address === 'string' ? new URL(address) : address;
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = strip(url.hostname);
  if (!host) return null;
  const family = FAMILIES.find((f) => host === f.host || host.endsWith(`.${f.host}`));
  const segments = segmentsOf(url.pathname);
  const reading = (family?.read ?? generic)(segments, url.searchParams, host);
  // youtu.be's pages are youtube.com's; a substack writer's host is their part.
  const site = family?.host === 'youtu.be' ? 'youtube.com' : host;
  const part = reading.part === null ? null : reading.part === '' ? site : `${site}${reading.part}`;
  const trimmed = (path: string) => (path === '/' ? '' : path);
  return {
    site,
    path: cut(trimmed(reading.path)),
    page: cut(`${site}${trimmed(reading.page)}`),
    part: part === null ? null : cut(part),
  };
}

/** What "This is on task" allows on a page of a mixed-use site: its part when the address says it, else the page itself. */
export function allowedPartOf(place: SitePlace): string {
  return place.part ?? place.page;
}

/** Whether the address's host is one whose pages `placeOf` knows how to read (a pasted address becomes its part). */
export function knownFamily(host: string): boolean {
  const h = strip(host);
  return FAMILIES.some((f) => h === f.host || h.endsWith(`.${f.host}`));
}

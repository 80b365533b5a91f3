// Where an address belongs on its site: the page a verdict is kept for and the part a list or "This is on task" names.
import { describe, expect, it } from 'vitest';
import { allowedPartOf, placeOf } from '../../../shared/core/site-parts';

describe('placeOf', () => {
  it.each([
    // YouTube: a video, a short, a channel by handle, id and old names, a playlist, a search, youtu.be.
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube.com/watch?v=dqw4w9wgxcq', null],
    ['https://m.youtube.com/watch?feature=share&v=abc123', 'youtube.com/watch?v=abc123', null],
    ['https://youtu.be/abc123?si=track', 'youtube.com/watch?v=abc123', null],
    ['https://www.youtube.com/shorts/XyZ/extra', 'youtube.com/shorts/xyz', null],
    ['https://www.youtube.com/@3Blue1Brown', 'youtube.com/@3blue1brown', 'youtube.com/@3blue1brown'],
    ['https://www.youtube.com/@3blue1brown/videos', 'youtube.com/@3blue1brown', 'youtube.com/@3blue1brown'],
    [
      'https://www.youtube.com/channel/UCYO_jab_esuFRV4b17AJtAw/playlists',
      'youtube.com/channel/ucyo_jab_esufrv4b17ajtaw',
      'youtube.com/channel/ucyo_jab_esufrv4b17ajtaw',
    ],
    ['https://www.youtube.com/c/Computerphile', 'youtube.com/c/computerphile', 'youtube.com/c/computerphile'],
    ['https://www.youtube.com/playlist?list=PL123', 'youtube.com/playlist?list=pl123', null],
    ['https://www.youtube.com/results?search_query=Pratt++Parsing', 'youtube.com/results?search_query=pratt+parsing', null],
    // Reddit: a subreddit and its listings, a post whatever its slug, a profile.
    ['https://www.reddit.com/r/TypeScript/', 'reddit.com/r/typescript', 'reddit.com/r/typescript'],
    ['https://old.reddit.com/r/typescript/top/?t=week', 'reddit.com/r/typescript', 'reddit.com/r/typescript'],
    [
      'https://www.reddit.com/r/typescript/comments/1x2y3z/writing_a_parser/',
      'reddit.com/r/typescript/comments/1x2y3z',
      'reddit.com/r/typescript',
    ],
    ['https://www.reddit.com/u/spez', 'reddit.com/user/spez', 'reddit.com/user/spez'],
    ['https://www.reddit.com/', 'reddit.com', null],
    // X, GitHub, Wikipedia, Stack Overflow, Hacker News, Medium, Substack, LinkedIn, TikTok.
    ['https://x.com/tsc_team/status/123456', 'x.com/tsc_team/status/123456', 'x.com/tsc_team'],
    ['https://x.com/explore', 'x.com/explore', null],
    ['https://github.com/acme/parser/issues/7', 'github.com/acme/parser', 'github.com/acme'],
    ['https://github.com/trending', 'github.com/trending', null],
    ['https://en.wikipedia.org/wiki/Pratt_parser#History', 'en.wikipedia.org/wiki/pratt_parser', null],
    ['https://stackoverflow.com/questions/12345/how-to-parse', 'stackoverflow.com/questions/12345', null],
    [
      'https://stackoverflow.com/questions/tagged/typescript',
      'stackoverflow.com/questions/tagged/typescript',
      'stackoverflow.com/questions/tagged/typescript',
    ],
    ['https://unix.stackexchange.com/q/99', 'unix.stackexchange.com/questions/99', null],
    ['https://news.ycombinator.com/item?id=4242', 'news.ycombinator.com/item?id=4242', null],
    ['https://medium.com/@ann/writing-parsers-1a2b', 'medium.com/@ann/writing-parsers-1a2b', 'medium.com/@ann'],
    ['https://ann.substack.com/p/on-parsers', 'ann.substack.com/p/on-parsers', 'ann.substack.com'],
    ['https://www.linkedin.com/in/ann/recent-activity', 'linkedin.com/in/ann', 'linkedin.com/in/ann'],
    ['https://www.tiktok.com/@cats/video/777', 'tiktok.com/@cats/video/777', 'tiktok.com/@cats'],
    // Searches: the words are the page, however they were typed.
    ['https://www.google.com/search?q=Pratt%20parsing&hl=en', 'google.com/search?q=pratt+parsing', null],
    ['https://www.bing.com/search?q=pratt+parsing', 'bing.com/search?q=pratt+parsing', null],
    ['https://duckduckgo.com/?q=pratt+parsing&ia=web', 'duckduckgo.com/?q=pratt+parsing', null],
    // Any other site: its path is its page.
    ['https://docs.test/guide/parsers/?tab=2', 'docs.test/guide/parsers', null],
  ])('%s → page %s, part %s', (url, page, part) => {
    const place = placeOf(url)!;
    expect(place.page).toBe(page);
    expect(place.part).toBe(part);
    expect(allowedPartOf(place)).toBe(part ?? page);
  });

  it('reads the same page from an address however it is written', () => {
    const a = placeOf('https://www.youtube.com/watch?v=abc&list=x')!;
    const b = placeOf('https://YOUTUBE.com/watch?list=y&v=abc#t=3')!;
    expect([a.page, a.path]).toEqual([b.page, b.path]);
  });

  it('keeps a search in one field: nothing in the words reads as another one', () => {
    const place = placeOf('https://www.google.com/search?q=a%26b%3Dc%23d')!;
    expect(place.page).toBe('google.com/search?q=a%26b%3Dc%23d');
    expect(place.path.split('?')).toHaveLength(2);
  });

  it('is null for what is not a web address, and never throws on hostile ones', () => {
    for (const bad of ['not a url', 'javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings', '']) expect(placeOf(bad)).toBeNull();
    const long = placeOf(`https://www.reddit.com/r/${'a'.repeat(5_000)}/comments/${'b'.repeat(5_000)}`)!;
    expect(long.page.length).toBeLessThanOrEqual(200);
    expect(long.part!.length).toBeLessThanOrEqual(200);
    const odd = placeOf('https://www.youtube.com/watch?v=%E0%A4%A')!;
    expect(odd.page.startsWith('youtube.com/watch?v=')).toBe(true);
    expect(placeOf('https://www.youtube.com/watch')!.page).toBe('youtube.com/watch');
    expect(placeOf('https://github.com/')!).toMatchObject({ page: 'github.com', part: null });
  });

  it('writes a path of other letters percent-encoded, as its address does', () => {
    expect(placeOf('https://www.youtube.com/@café')!.part).toBe('youtube.com/@caf%c3%a9');
    expect(placeOf('https://de.wikipedia.org/wiki/Zürich')!.page).toBe('de.wikipedia.org/wiki/z%c3%bcrich');
  });
});

// Right site, wrong page: on a mixed-use site a verdict belongs to the page; lists and "This is on task" name parts of sites.
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_JUDGMENTS, VERDICT_CACHE_LIMIT } from '../../../../shared/core/core-limits';
import { surfaceView } from '../../../../shared/core/controller';
import { Harness, MIN, ofType, SEC } from './harness';

const LECTURE = 'https://www.youtube.com/watch?v=lecture1';
const CATS = 'https://www.youtube.com/watch?v=cats1';

describe('pages of a mixed-use site', () => {
  it('a lecture judged on task does not make cat videos on the same site on task: each page is judged', () => {
    const h = new Harness();
    h.start();
    const [lecture] = ofType(h.visit(LECTURE, 'Pratt parsing, lecture 3 - YouTube'), 'runJudge');
    expect(lecture).toMatchObject({ key: 'youtube.com/watch?v=lecture1', app: 'youtube.com', title: 'Pratt parsing, lecture 3 - YouTube' });
    h.answerJudge(lecture, false);
    expect(h.status).toBe('ontask');
    const [cats] = ofType(h.advance(MIN).visit(CATS, 'Funniest cats 2026 - YouTube'), 'runJudge');
    expect(cats).toMatchObject({ key: 'youtube.com/watch?v=cats1', app: 'youtube.com' });
    h.answerJudge(cats, true, 'Cat videos are not the parser tests.');
    expect(h.status).toBe('drifting');
    expect(surfaceView(h.state).banner).toMatchObject({ reason: 'Cat videos are not the parser tests.' });
  });

  it('the same page again is not judged again, whatever its address carries besides', () => {
    const h = new Harness();
    h.start();
    h.answerJudge(ofType(h.visit(LECTURE, 'Lecture'), 'runJudge')[0], false);
    h.advance(MIN).observe('code', 'parser.ts');
    const again = h.advance(MIN).visit(`${LECTURE}&t=120s`, 'Lecture');
    expect(ofType(again, 'runJudge')).toEqual([]);
    expect(h.status).toBe('ontask');
  });

  it('after r/funny is flagged, a r/typescript thread is judged for itself, not flagged with it', () => {
    const h = new Harness();
    h.start();
    h.answerJudge(ofType(h.visit('https://www.reddit.com/r/funny/', 'r/funny'), 'runJudge')[0], true, 'Memes.');
    expect(h.status).toBe('drifting');
    const [thread] = ofType(
      h.advance(MIN).visit('https://www.reddit.com/r/typescript/comments/1x/writing_a_parser/', 'Writing a parser'),
      'runJudge',
    );
    expect(thread).toMatchObject({ key: 'reddit.com/r/typescript/comments/1x' });
    expect(h.status).toBe('checking');
    h.answerJudge(thread, false);
    expect(h.status).toBe('ontask');
  });

  it('a page left before the dwell is never judged: a feed scrolled past costs nothing', () => {
    const h = new Harness({ judgeDebounceSeconds: 10 });
    h.start();
    for (let i = 0; i < 20; i++) h.advance(2 * SEC).visit(`https://www.youtube.com/watch?v=feed${i}`, `Video ${i}`);
    expect(ofType(h.effects, 'runJudge')).toEqual([]);
    h.advance(11 * SEC).tick();
    expect(ofType(h.effects, 'runJudge').map((j) => j.key)).toEqual(['youtube.com/watch?v=feed19']);
  });

  it('other sites and desktop apps keep one verdict per site or app', () => {
    const h = new Harness();
    h.start();
    h.answerJudge(ofType(h.visit('https://news.test/world', 'World'), 'runJudge')[0], true, 'News.');
    expect(ofType(h.advance(MIN).visit('https://news.test/sports/1', 'Sports'), 'runJudge')).toEqual([]);
    expect(h.status).toBe('drifting');
    expect(h.state.drift.verdicts).toHaveProperty(['news.test']);
  });

  it('a site taken off the mixed-use list is judged once again as a whole', () => {
    const h = new Harness({ mixedUseSites: [] });
    h.start();
    h.answerJudge(ofType(h.visit(LECTURE, 'Lecture'), 'runJudge')[0], false);
    expect(ofType(h.advance(MIN).visit(CATS, 'Cats'), 'runJudge')).toEqual([]);
    expect(h.status).toBe('ontask');
  });

  it('keeps the cache bounded: the oldest verdict goes first', () => {
    const h = new Harness();
    h.start();
    for (let i = 0; i < VERDICT_CACHE_LIMIT + 5; i++) {
      const [judge] = ofType(h.advance(SEC).visit(`https://news${i}.test/`, `Site ${i}`), 'runJudge');
      h.answerJudge(judge, false);
    }
    const keys = Object.keys(h.state.drift.verdicts);
    expect(keys.length).toBe(VERDICT_CACHE_LIMIT);
    expect(keys).not.toContain('news0.test');
    expect(keys).toContain(`news${VERDICT_CACHE_LIMIT + 4}.test`);
  });

  it("past the session's ceiling another page takes its site's last verdict, said once in diagnostics", () => {
    const h = new Harness();
    h.start();
    for (let i = 0; i < MAX_PAGE_JUDGMENTS; i++) {
      const effects = h.advance(SEC).visit(`https://www.youtube.com/watch?v=v${i}`, `Video ${i}`);
      h.answerJudge(ofType(effects, 'runJudge')[0], i % 2 === 1, 'Off task.');
    }
    const said = ofType(h.effects, 'log').filter((l) => /judged 60 pages of mixed-use sites/.test(l.message));
    expect(said).toHaveLength(1);
    // The last page was judged drifting: a new page stands on that, with no call.
    const effects = h.advance(SEC).visit('https://www.youtube.com/watch?v=new', 'New video');
    expect(ofType(effects, 'runJudge')).toEqual([]);
    expect(h.status).toBe('drifting');
    // A page judged before the ceiling keeps its own verdict.
    h.advance(SEC).visit('https://www.youtube.com/watch?v=v0', 'Video 0');
    expect(h.status).toBe('ontask');
    // A site none of whose pages was judged is judged once, as a whole.
    expect(ofType(h.advance(SEC).visit('https://www.reddit.com/r/funny', 'Funny'), 'runJudge')).toMatchObject([{ key: 'reddit.com' }]);
  });
});

describe('"This is on task" on a page of a mixed-use site', () => {
  it('allows the part the page belongs to, and only that', () => {
    const h = new Harness();
    h.start();
    h.answerJudge(ofType(h.visit('https://www.youtube.com/@3blue1brown/videos', '3Blue1Brown'), 'runJudge')[0], true, 'Videos.');
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.session?.allowed).toContain('youtube.com/@3blue1brown');
    expect(h.session?.allowed).not.toContain('youtube.com');
    expect(h.state.settings.addedFromBanner).toEqual(['youtube.com/@3blue1brown']);
    expect(h.status).toBe('ontask');
    // Another page of the site is still judged.
    expect(ofType(h.advance(MIN).visit(CATS, 'Cats'), 'runJudge')).toHaveLength(1);
  });

  it('allows the page itself when its address names no part (a video), and keeps a whole site for an ordinary one', () => {
    const h = new Harness();
    h.start();
    h.answerJudge(ofType(h.visit(CATS, 'Cats'), 'runJudge')[0], true, 'Cats.');
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.session?.allowed).toContain('youtube.com/watch?v=cats1');
    h.answerJudge(ofType(h.advance(MIN).visit('https://news.test/a', 'News'), 'runJudge')[0], true, 'News.');
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.session?.allowed).toContain('news.test');
  });
});

describe('lists naming parts of sites', () => {
  it('a blocked part drifts at once with no AI; the rest of the site is judged page by page', () => {
    const h = new Harness();
    h.start(['code'], ['reddit.com/r/funny']);
    expect(ofType(h.visit('https://www.reddit.com/r/funny/comments/9/cat', 'Cat'), 'runJudge')).toEqual([]);
    expect(surfaceView(h.state).banner).toMatchObject({ reason: 'reddit.com is on your blocked list (as reddit.com/r/funny)' });
    expect(ofType(h.advance(MIN).visit('https://www.reddit.com/r/typescript', 'TypeScript'), 'runJudge')).toHaveLength(1);
  });

  it('an allowed part is on task with no AI, and is an on-task stretch for the heads-up', () => {
    const h = new Harness();
    h.start(['reddit.com/r/typescript'], []);
    expect(ofType(h.visit('https://www.reddit.com/r/typescript/comments/1/a', 'Parsers'), 'runJudge')).toEqual([]);
    expect(h.status).toBe('ontask');
    const nudges = ofType(h.advance(SEC).visit('https://www.reddit.com/r/typescript/comments/2/b', 'Lexers'), 'runNudge');
    expect(nudges).toHaveLength(1);
  });
});

describe('the heads-up on pages judged on task', () => {
  it('a stretch of on-task pages that wanders gets a heads-up (ring, epoch and debounce as on allowed sites)', () => {
    const h = new Harness({ nudgeIntervalMinutes: 5 });
    h.start(['code'], []);
    h.answerJudge(ofType(h.visit(LECTURE, 'Pratt parsing lecture'), 'runJudge')[0], false);
    const [second] = ofType(h.advance(MIN).visit('https://www.youtube.com/watch?v=lecture2', 'Lexer generators'), 'runJudge');
    h.answerJudge(second, false);
    // Back on the first page (judged on task): the ring holds three titles, no nudge yet ran: one goes out.
    const [nudge] = ofType(h.advance(MIN).visit(LECTURE, 'Pratt parsing lecture'), 'runNudge');
    expect(nudge).toMatchObject({ titles: ['Pratt parsing lecture', 'Lexer generators', 'Pratt parsing lecture'] });
    h.answerNudge(nudge, 'These lectures are about lexers, not the parser tests.');
    expect(surfaceView(h.state).nudge).toMatchObject({ message: 'These lectures are about lexers, not the parser tests.' });
    // The debounce holds: another on-task page a minute later asks nothing.
    expect(ofType(h.advance(MIN).visit('https://www.youtube.com/watch?v=lecture2', 'Lexer generators'), 'runNudge')).toEqual([]);
  });

  it('a page not judged yet ends the stretch: its nudge answer is stale', () => {
    const h = new Harness();
    h.start(['code'], []);
    h.observe('code', 'parser.ts');
    const [nudge] = ofType(h.advance(SEC).observe('code', 'lexer.ts'), 'runNudge');
    h.advance(SEC).visit(CATS, 'Cats');
    h.answerNudge(nudge, 'Lexers.');
    expect(surfaceView(h.state).nudge).toBeNull();
  });
});

// The semantic nudge in the controller: every rule of docs/NUDGE.md, one test each.
import { describe, expect, it } from 'vitest';
import { pushTitle, surfaceView } from '../../../../shared/core/controller';
import { Harness, MIN, ofType, SEC } from './harness';

/** Two on-task titles in the allowed editor: the first makes the ring 1, the second 2 → nudge. */
function onTaskStretch(h: Harness) {
  h.start();
  h.observe('code', 'parser.ts — antidrift');
  h.advance(10 * SEC);
  return h.observe('code', 'lexer.ts — antidrift');
}

describe('nudge', () => {
  it('fires on the local-match on-task path once history ≥ 2 and the debounce has elapsed', () => {
    const h = new Harness();
    h.start();
    expect(ofType(h.observe('code', 'parser.ts'), 'runNudge')).toHaveLength(0); // ring of 1
    h.advance(SEC);
    const [nudge] = ofType(h.observe('code', 'lexer.ts'), 'runNudge');
    expect(nudge).toMatchObject({
      sessionId: h.sessionId,
      stretch: h.state.drift.onTaskStretch,
      commitment: { text: 'Write the parser tests — all tests in parser.test.ts pass', involves: '' },
      titles: ['parser.ts', 'lexer.ts'],
    });
    h.answerNudge(nudge, 'You seem to be in the lexer, not the parser tests.');
    expect(surfaceView(h.state)).toMatchObject({
      status: 'ontask',
      nudge: { message: 'You seem to be in the lexer, not the parser tests.' },
    });
  });

  it('never fires on the unmatched (drift-judge) path', () => {
    const h = new Harness();
    h.start();
    const effects = [
      ...h.observe('news.test', 'Headlines'),
      ...h.advance(6 * MIN).observe('forum.test', 'Thread'),
      ...h.advance(6 * MIN).observe('shop.test', 'Cart'),
      ...h.advance(6 * MIN).tick(),
    ];
    expect(ofType(effects, 'runNudge')).toHaveLength(0);
    expect(ofType(effects, 'runJudge').length).toBeGreaterThan(0);
  });

  it('never fires on the blocked path', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats 1');
    h.advance(6 * MIN);
    expect(ofType(h.observe('videos.test', 'Cats 2'), 'runNudge')).toHaveLength(0);
  });

  it('is debounced to one per nudgeDebounce, driven by the clock', () => {
    const h = new Harness({ nudgeIntervalMinutes: 5 });
    onTaskStretch(h);
    const calls = () => ofType(h.effects, 'runNudge').length;
    expect(calls()).toBe(1);
    for (let i = 0; i < 20; i++) h.advance(10 * SEC).observe('code', `file${i}.ts`);
    expect(calls()).toBe(1); // 200 s < 5 min
    h.advance(100 * SEC).observe('code', 'file-late.ts'); // 5 min after the first nudge
    expect(calls()).toBe(2);
  });

  it('leaves the message empty on a nudger error (no fabrication) and does not retry at once', () => {
    const h = new Harness();
    const [nudge] = ofType(onTaskStretch(h), 'runNudge');
    const effects = h.send({
      type: 'nudgeFailed',
      backend: 'claude',
      at: h.now,
      sessionId: h.sessionId,
      stretch: nudge!.stretch,
      error: 'timeout',
    });
    expect(h.state.drift.nudgeMessage).toBe('');
    expect(surfaceView(h.state).nudge).toBeNull();
    expect(ofType(effects, 'log')[0]?.message).toMatch(/nudge failed: timeout/);
    expect(ofType(h.advance(SEC).observe('code', 'another.ts'), 'runNudge')).toHaveLength(0);
  });

  it('an on-track result clears an earlier advisory', () => {
    const h = new Harness({ nudgeIntervalMinutes: 1 });
    const [first] = ofType(onTaskStretch(h), 'runNudge');
    h.answerNudge(first, 'Heads up: lexer work');
    expect(surfaceView(h.state).nudge?.message).toBe('Heads up: lexer work');
    h.advance(MIN).observe('code', 'parser.test.ts');
    const [second] = ofType(h.observe('code', 'ast.ts'), 'runNudge');
    expect(second).toBeDefined();
    h.answerNudge(second, '');
    expect(h.state.drift.nudgeMessage).toBe('');
    expect(surfaceView(h.state).nudge).toBeNull();
  });

  it.each([
    ['the session ended', (h: Harness) => h.send({ type: 'sessionEnded', at: h.now })],
    ['a new session started', (h: Harness) => h.start()],
    ['the stretch ended (drift episode)', (h: Harness) => h.observe('videos.test', 'Cats')],
    ['the stretch ended (unmatched app)', (h: Harness) => h.observe('news.test', 'Headlines')],
    ['the session was paused', (h: Harness) => h.send({ type: 'sessionPaused', at: h.now })],
  ])('discards a stale nudge when %s before it returns', (_label, interrupt) => {
    const h = new Harness();
    const [nudge] = ofType(onTaskStretch(h), 'runNudge');
    interrupt(h);
    h.observe('code', 'back.ts');
    h.answerNudge(nudge, 'stale concern');
    expect(h.state.drift.nudgeMessage).toBe('');
  });

  it('leaving the allowed apps clears an advisory already shown', () => {
    const h = new Harness();
    const [nudge] = ofType(onTaskStretch(h), 'runNudge');
    h.answerNudge(nudge, 'Heads up');
    h.observe('news.test', 'Headlines');
    expect(h.state.drift.nudgeMessage).toBe('');
    h.observe('code', 'parser.ts');
    expect(surfaceView(h.state).nudge).toBeNull();
  });

  it('stays silent with no nudger (AI unavailable or nudges off), without errors', () => {
    for (const config of [{ aiAvailable: false }, { nudgeEnabled: false }]) {
      const h = new Harness(config);
      const effects = onTaskStretch(h);
      expect(ofType(effects, 'runNudge')).toHaveLength(0);
      expect(h.status).toBe('ontask');
    }
  });

  it('records distinct titles and caps the ring at 10', () => {
    const h = new Harness();
    h.start();
    for (const t of ['a', 'a', 'b', '', '  ', 'b', 'a']) h.observe('code', t);
    expect(h.state.drift.recentTitles).toEqual(['a', 'b', 'a']);
    for (let i = 0; i < 15; i++) h.observe('code', `t${i}`);
    expect(h.state.drift.recentTitles).toHaveLength(10);
    expect(h.state.drift.recentTitles[9]).toBe('t14');
    expect(h.state.drift.recentTitles[0]).toBe('t5');
    expect(pushTitle(['x'], 'x')).toEqual(['x']);
  });

  it('records the title before evaluating, so the nudge sees the latest title', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'one');
    const [nudge] = ofType(h.observe('code', 'two'), 'runNudge');
    expect(nudge!.titles.at(-1)).toBe('two');
  });

  it('does not ask again about an unchanged trajectory (the person is away)', () => {
    const h = new Harness({ nudgeIntervalMinutes: 1 });
    onTaskStretch(h);
    for (let i = 0; i < 30; i++) h.advance(MIN).tick();
    expect(ofType(h.effects, 'runNudge')).toHaveLength(1);
    h.observe('code', 'something new');
    h.observe('code', 'something else');
    expect(ofType(h.effects, 'runNudge')).toHaveLength(2);
  });

  it('is periodic without new observations once the ring changed (the re-evaluation tick)', () => {
    const h = new Harness({ nudgeIntervalMinutes: 1 });
    onTaskStretch(h);
    h.advance(5 * SEC).observe('code', 'third.ts'); // inside the debounce: no nudge now
    h.observe('code', 'fourth.ts');
    expect(ofType(h.effects, 'runNudge')).toHaveLength(1);
    h.advance(MIN).tick();
    expect(ofType(h.effects, 'runNudge')).toHaveLength(2);
  });

  it('asks again only with new evidence: cycling through the same titles costs no call', () => {
    const h = new Harness({ nudgeIntervalMinutes: 1 });
    onTaskStretch(h); // nudged about [parser.ts — antidrift, lexer.ts — antidrift]
    for (let i = 0; i < 20; i++) {
      h.advance(MIN).observe('code', 'parser.ts — antidrift');
      h.observe('code', 'lexer.ts — antidrift');
    }
    expect(ofType(h.effects, 'runNudge')).toHaveLength(1);
    h.advance(MIN).observe('code', 'ast.ts — antidrift'); // one new title: not yet
    expect(ofType(h.effects, 'runNudge')).toHaveLength(1);
    const [second] = ofType(h.observe('code', 'blog-post.md — drafts'), 'runNudge');
    expect(second?.titles.slice(-2)).toEqual(['ast.ts — antidrift', 'blog-post.md — drafts']);
  });

  it('backs off while the answers say "on track" (5 → 10 → 20 → 20 min) and returns to 5 after advice', () => {
    const h = new Harness({ nudgeIntervalMinutes: 5 });
    h.start();
    let n = 0;
    /** Works with fresh titles every minute until the next nudge; returns the minutes it took. */
    const minutesToNextNudge = () => {
      const before = ofType(h.effects, 'runNudge').length;
      for (let m = 1; m <= 60; m++) {
        h.advance(MIN).observe('code', `file-${n++}.ts`);
        if (ofType(h.effects, 'runNudge').length > before) return m;
      }
      return Infinity;
    };
    const answer = (message: string) => {
      const last = ofType(h.effects, 'runNudge').at(-1)!;
      h.answerNudge(last, message);
    };
    h.observe('code', 'start.ts');
    minutesToNextNudge();
    const waits: number[] = [];
    for (const message of ['', '', '', 'You are drafting a blog post.', '']) {
      answer(message);
      waits.push(minutesToNextNudge());
    }
    expect(waits).toEqual([10, 20, 20, 5, 10]);
  });

  it('the drift judge and the nudge are mutually exclusive per observation', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'a');
    for (const [app, title] of [
      ['code', 'b'],
      ['news.test', 'n'],
      ['videos.test', 'v'],
      ['code', 'c'],
    ] as const) {
      const effects = h.advance(6 * MIN).observe(app, title);
      expect(ofType(effects, 'runNudge').length + ofType(effects, 'runJudge').length).toBeLessThanOrEqual(1);
    }
  });
});

// A session with a work/break rhythm: during a break nothing is judged, nudged or shown; each edge is announced once.
import { describe, expect, it } from 'vitest';
import { badgeFor } from '../../../../shared/core/badge';
import { nextDeadline, rhythmAt, SessionRecord, surfaceView, type ControllerState } from '../../../../shared/core/controller';
import { segmentFacts } from '../../../../shared/history/segments';
import { Harness, MIN, ofType, SEC, T0 } from './harness';

const COMMITMENT = { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' };

function startWithRhythm(h: Harness, workMinutes = 25, breakMinutes = 5) {
  return h.send({
    type: 'sessionStarted',
    at: h.now,
    input: { commitment: COMMITMENT, allowed: ['code'], blocked: ['videos.test'], rhythm: { workMinutes, breakMinutes } },
  });
}

/** A harness whose session has just crossed into its first break (25/5, on `code`). */
function inBreak(): Harness {
  const h = new Harness();
  startWithRhythm(h);
  h.observe('code', 'parser.ts');
  h.advance(25 * MIN).tick();
  return h;
}

const onBreak = (s: ControllerState) => surfaceView(s).rhythm?.phase === 'break';

describe('rhythm: the session record and the view', () => {
  it('a start with a rhythm keeps it, and the view says work until the first break', () => {
    const h = new Harness();
    startWithRhythm(h);
    expect(h.session).toMatchObject({ rhythm: { workMinutes: 25, breakMinutes: 5 }, rhythmAnnounced: { cycle: 0, phase: 'work' } });
    expect(surfaceView(h.state).rhythm).toEqual({ phase: 'work', endsAt: T0 + 25 * MIN, workMinutes: 25, breakMinutes: 5 });
    expect(surfaceView(h.state).session?.rhythm).toEqual({ workMinutes: 25, breakMinutes: 5 });
  });

  it('a start without one has none, and a stored session of before rhythms still loads', () => {
    const h = new Harness();
    h.start();
    expect(surfaceView(h.state).rhythm).toBeNull();
    const { rhythm: _r, rhythmAnnounced: _a, ...old } = SessionRecord.parse({ ...h.session, rhythm: { workMinutes: 1, breakMinutes: 1 } });
    expect(SessionRecord.safeParse(old).success).toBe(true);
  });

  it('a rhythm out of range starts no session', () => {
    const h = new Harness();
    const effects = startWithRhythm(h, 0, 5);
    expect(h.state.phase).toBe('idle');
    expect(ofType(effects, 'log')[0]?.message).toMatch(/session not started: work: 1 to 240 minutes/);
  });

  it('asks for a tick at the edge of each phase', () => {
    const h = new Harness();
    startWithRhythm(h);
    h.advance(24 * MIN + 50 * SEC).tick();
    expect(nextDeadline(h.state, h.now)).toBe(T0 + 25 * MIN);
    h.advance(10 * SEC).tick();
    h.advance(4 * MIN + 50 * SEC).tick();
    expect(nextDeadline(h.state, h.now)).toBe(T0 + 30 * MIN);
  });

  it('a pause stops the clock: the break comes later by as long as the pause', () => {
    const h = new Harness();
    startWithRhythm(h);
    h.advance(20 * MIN).send({ type: 'sessionPaused', at: h.now });
    h.advance(20 * MIN).tick();
    expect(rhythmAt(h.session!, h.now)).toMatchObject({ phase: 'work', leftMs: 5 * MIN });
    h.send({ type: 'sessionResumed', at: h.now });
    expect(surfaceView(h.state).rhythm).toMatchObject({ phase: 'work', endsAt: h.now + 5 * MIN });
    h.advance(5 * MIN - SEC).tick();
    expect(onBreak(h.state)).toBe(false);
    h.advance(SEC).tick();
    expect(onBreak(h.state)).toBe(true);
  });
});

describe('rhythm: during a break', () => {
  it('the break is announced once, and the badge and view say break', () => {
    const h = inBreak();
    expect(ofType(h.effects, 'notifyBreakStarted')).toEqual([
      { type: 'notifyBreakStarted', commitment: COMMITMENT.nextAction, minutes: 5, endsAt: T0 + 30 * MIN },
    ]);
    const view = surfaceView(h.state);
    expect(view.rhythm).toMatchObject({ phase: 'break', endsAt: T0 + 30 * MIN });
    expect(badgeFor(view)).toMatchObject({ text: 'BRK' });
    expect(badgeFor(view).title).toMatch(/^antidrift — break until \d\d:\d\d: Write the parser tests$/);
    h.advance(MIN).tick();
    h.advance(MIN).tick();
    expect(ofType(h.effects, 'notifyBreakStarted')).toHaveLength(1);
  });

  it('a blocked site gets no banner and no notification, an unknown one no judge', () => {
    const h = inBreak();
    const blocked = [...h.observe('videos.test', 'Cats', 'os'), ...h.tick()];
    expect(ofType(blocked, 'notifyDrift')).toHaveLength(0);
    expect(surfaceView(h.state)).toMatchObject({ banner: null, nudge: null });
    const unknown = [...h.advance(SEC).observe('news.test', 'Headlines'), ...h.advance(20 * SEC).tick()];
    expect(ofType(unknown, 'runJudge')).toHaveLength(0);
  });

  it('no heads-up runs, and advice shown before the break is gone', () => {
    const h = new Harness({ nudgeIntervalMinutes: 1 });
    startWithRhythm(h, 5, 5);
    h.observe('code', 'parser.ts');
    h.advance(SEC).observe('code', 'lexer.ts');
    h.advance(2 * MIN).observe('code', 'README.md');
    const [nudge] = ofType(h.effects, 'runNudge');
    h.answerNudge(nudge, 'Stay with the parser.');
    expect(surfaceView(h.state).nudge).toEqual({ message: 'Stay with the parser.' });
    h.advance(3 * MIN).tick();
    expect(surfaceView(h.state).nudge).toBeNull();
    const during = [...h.advance(MIN).observe('code', 'a.ts'), ...h.advance(MIN).observe('code', 'b.ts'), ...h.tick()];
    expect(ofType(during, 'runNudge')).toHaveLength(0);
  });

  it('a judge answer that lands in the break is only cached; the verdict shows when work comes back', () => {
    const h = new Harness();
    startWithRhythm(h);
    h.advance(25 * MIN - SEC);
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    h.advance(2 * SEC).tick();
    h.send({ ...judge!, type: 'judgeSucceeded', at: h.now, backend: 'claude', drifting: true, reason: 'News is not the parser.' });
    expect(surfaceView(h.state)).toMatchObject({ banner: null });
    expect(h.state.drift.verdicts['news.test']).toEqual({ drifting: true, reason: 'News is not the parser.' });
    h.advance(5 * MIN).tick();
    expect(surfaceView(h.state).banner).toMatchObject({ reason: 'News is not the parser.' });
  });

  it('being idle in a break is the break, not away, in the view and the history', () => {
    const h = inBreak();
    h.send({ type: 'awayStarted', at: h.now, why: 'idle' });
    expect(surfaceView(h.state).away).toBe(false);
    expect(segmentFacts(h.state)?.kind).toBe('break');
    h.advance(5 * MIN).tick();
    expect(surfaceView(h.state).away).toBe(true);
    expect(segmentFacts(h.state)?.kind).toBe('away');
  });
});

describe('rhythm: the end of a break', () => {
  it('"Back to" is announced once, and the window in front is looked at again', () => {
    const h = inBreak();
    h.advance(MIN).observe('news.test', 'Headlines');
    const back = h.advance(4 * MIN).tick();
    expect(ofType(back, 'notifyBreakEnded')).toEqual([{ type: 'notifyBreakEnded', nextAction: COMMITMENT.nextAction }]);
    expect(ofType(back, 'runJudge').map((j) => j.app)).toEqual(['news.test']);
    h.advance(MIN).tick();
    expect(ofType(h.effects, 'notifyBreakEnded')).toHaveLength(1);
    expect(surfaceView(h.state).rhythm).toMatchObject({ phase: 'work', endsAt: T0 + 55 * MIN });
  });

  it('an event other than a tick crosses the edge too: an observation after the break is judged', () => {
    const h = inBreak();
    const effects = h.advance(5 * MIN).observe('news.test', 'Headlines');
    expect(ofType(effects, 'notifyBreakEnded')).toHaveLength(1);
    expect(ofType(effects, 'runJudge')).toHaveLength(1);
  });

  it('a tick that jumps over a whole break announces only that work is back', () => {
    const h = new Harness();
    startWithRhythm(h);
    h.observe('code', 'parser.ts');
    const effects = h.advance(31 * MIN).tick();
    expect(ofType(effects, 'notifyBreakStarted')).toHaveLength(0);
    expect(ofType(effects, 'notifyBreakEnded')).toHaveLength(1);
    expect(h.session?.rhythmAnnounced).toEqual({ cycle: 1, phase: 'work' });
  });

  it('a tick that jumps into a later break announces only that break', () => {
    const h = new Harness();
    startWithRhythm(h);
    const effects = h.advance(56 * MIN).tick();
    expect(ofType(effects, 'notifyBreakEnded')).toHaveLength(0);
    expect(ofType(effects, 'notifyBreakStarted')).toEqual([expect.objectContaining({ endsAt: T0 + 60 * MIN })]);
  });

  it('a restored session in its break is still in it, and announces nothing again', () => {
    const h = inBreak();
    const session = h.session;
    const restarted = new Harness();
    restarted.now = h.now + MIN;
    restarted.send({
      type: 'stateRestored',
      at: restarted.now,
      settings: h.state.settings,
      session,
      drift: h.state.drift,
      lastSessionId: session!.id,
    });
    restarted.tick();
    expect(onBreak(restarted.state)).toBe(true);
    expect(ofType(restarted.effects, 'notifyBreakStarted')).toHaveLength(0);
    restarted.advance(4 * MIN).tick();
    expect(ofType(restarted.effects, 'notifyBreakEnded')).toHaveLength(1);
  });
});

// Away (chrome.idle idle or locked): nothing is judged or nudged meanwhile, no banner shows, and coming back looks again.
import { describe, expect, it } from 'vitest';
import { surfaceView } from '../../../../shared/core/controller';
import { Harness, MIN, ofType, SEC } from './harness';

describe('away', () => {
  it('an observation while away is kept but not judged; coming back judges it', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'parser.ts');
    h.send({ type: 'awayStarted', at: h.now, why: 'idle' });
    h.advance(5 * MIN);
    const whileAway = h.observe('news.test', 'Headlines');
    expect(ofType(whileAway, 'runJudge')).toHaveLength(0);
    expect(h.state.drift.current?.app).toBe('news.test');
    h.advance(SEC);
    const back = h.send({ type: 'awayEnded', at: h.now });
    expect(ofType(back, 'runJudge').map((j) => j.app)).toEqual(['news.test']);
    expect(h.state.drift.awaySince).toBeNull();
  });

  it('a blocked site in front while away shows no banner until the person is back', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    h.send({ type: 'awayStarted', at: h.now, why: 'locked' });
    expect(surfaceView(h.state)).toMatchObject({ away: true, banner: null });
    h.send({ type: 'awayEnded', at: h.now + MIN });
    expect(surfaceView(h.state)).toMatchObject({ away: false, status: 'drifting', banner: { answered: false } });
  });

  it('no nudge runs while away, and a nudge asked before going away is stale when it lands', () => {
    const h = new Harness({ nudgeIntervalMinutes: 1 });
    h.start();
    h.observe('code', 'parser.ts');
    h.advance(SEC).observe('code', 'lexer.ts');
    h.advance(2 * MIN).observe('code', 'README.md');
    const [nudge] = ofType(h.effects, 'runNudge');
    expect(nudge).toBeDefined();
    h.send({ type: 'awayStarted', at: h.now, why: 'idle' });
    h.answerNudge(nudge, 'Back to the tests?');
    expect(surfaceView(h.state).nudge).toBeNull();
    const before = h.effects.length;
    for (let i = 0; i < 10; i++) {
      h.advance(MIN).tick();
      h.observe('code', `file-${i}.ts`);
    }
    expect(ofType(h.effects.slice(before), 'runNudge')).toHaveLength(0);
    expect(ofType(h.effects.slice(before), 'runJudge')).toHaveLength(0);
  });

  it('away twice keeps the first start; back twice is one return', () => {
    const h = new Harness();
    h.start();
    h.send({ type: 'awayStarted', at: h.now, why: 'idle' });
    const since = h.state.drift.awaySince;
    h.send({ type: 'awayStarted', at: h.now + MIN, why: 'locked' });
    expect(h.state.drift.awaySince).toBe(since);
    h.send({ type: 'awayEnded', at: h.now + 2 * MIN });
    const again = h.send({ type: 'awayEnded', at: h.now + 3 * MIN });
    expect(again.filter((e) => e.type !== 'armAlarm')).toEqual([]);
  });

  it('a new session starts present, and away outside a session is only remembered', () => {
    const h = new Harness();
    h.send({ type: 'awayStarted', at: h.now, why: 'idle' });
    expect(h.state.drift.awaySince).toBe(h.now);
    h.start();
    expect(h.state.drift.awaySince).toBeNull();
  });
});

// What every surface renders is decided once, here: which tier shows, when, and what a web page is told.
import { describe, expect, it } from 'vitest';
import { FALLBACK_DRIFT_REASON, surfaceView, toastView } from '../../../../shared/core/controller';
import { Harness, ofType } from './harness';

function nudged(message: string): Harness {
  const h = new Harness();
  h.start();
  h.observe('code', 'parser.ts');
  const [nudge] = ofType(h.observe('code', 'lexer.ts'), 'runNudge');
  h.answerNudge(nudge, message);
  return h;
}

describe('surfaceView', () => {
  it('a drift in a running session is the banner; paused, it is set aside until the resume', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state).banner).toEqual({
      episode: 1,
      reason: 'videos.test is on your blocked list',
      answered: false,
      onTaskFrom: 0,
      // An ordinary site: "This is on task" allows the site, and the banner needs to say nothing more.
      onTaskAllows: null,
    });
    h.send({ type: 'sessionPaused', at: h.now });
    expect(surfaceView(h.state)).toMatchObject({ phase: 'paused', status: 'drifting', banner: null });
    expect(toastView(surfaceView(h.state)).banner).toBeNull();
    h.send({ type: 'sessionResumed', at: h.now });
    expect(surfaceView(h.state).banner).toMatchObject({ episode: 1, answered: false });
  });

  it('an answered banner stays in the popup (quieter) and leaves the toast', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    h.send({ type: 'bannerDismissed', at: h.now, episode: 1 });
    expect(surfaceView(h.state).banner).toMatchObject({ episode: 1, answered: true });
    expect(toastView(surfaceView(h.state)).banner).toBeNull();
  });

  it('a dismissed heads-up is gone from every surface until the advice moves on', () => {
    const h = nudged('You are in the lexer.');
    expect(surfaceView(h.state).nudge).toEqual({ message: 'You are in the lexer.' });
    expect(toastView(surfaceView(h.state)).nudge).toEqual({ message: 'You are in the lexer.' });
    h.send({ type: 'nudgeDismissed', at: h.now, message: 'You are in the lexer.' });
    expect(surfaceView(h.state).nudge).toBeNull();
    expect(toastView(surfaceView(h.state)).nudge).toBeNull();
    // Leaving the allowed apps ends the advice; the same text coming back later shows again.
    h.observe('news.test', 'Headlines');
    expect(h.state.drift.dismissedNudge).toBeNull();
  });

  it('dismissing another text leaves the current advice shown', () => {
    const h = nudged('You are in the lexer.');
    h.send({ type: 'nudgeDismissed', at: h.now, message: 'older advice' });
    expect(surfaceView(h.state).nudge).toEqual({ message: 'You are in the lexer.' });
  });

  it('never shows the heads-up beside the banner, or outside a running session', () => {
    const h = nudged('You are in the lexer.');
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state)).toMatchObject({ status: 'drifting', nudge: null });
    h.send({ type: 'sessionEnded', at: h.now });
    expect(surfaceView(h.state)).toMatchObject({ phase: 'idle', session: null, place: null, banner: null, nudge: null });
  });

  it('the toast is told only the tiers: no titles, no lists, no host', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Quarterly salaries — video call');
    const toast = toastView(surfaceView(h.state));
    expect(toast).toEqual({
      banner: {
        episode: 1,
        reason: 'videos.test is on your blocked list',
        task: 'Write the parser tests',
        onTaskFrom: 0,
        onTaskAllows: null,
        strict: false,
      },
      nudge: null,
    });
    expect(JSON.stringify(toast)).not.toMatch(/salaries|docs\.test|claude/);
  });

  it('a drift without a reason of its own still says something', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    const view = surfaceView({ ...h.state, drift: { ...h.state.drift, reason: '' } });
    expect(view.banner?.reason).toBe(FALLBACK_DRIFT_REASON);
  });

  it('says why the place counts as it does: the list entry that matched, the judge, or nothing yet', () => {
    const h = new Harness();
    h.start(['code', '*.docs.test'], ['videos.test']);
    h.observe('api.docs.test', 'Reference');
    expect(surfaceView(h.state).place).toEqual({
      source: 'tab',
      title: 'Reference',
      app: 'api.docs.test',
      why: { kind: 'allowed', entry: '*.docs.test' },
    });
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state).place?.why).toEqual({ kind: 'blocked', entry: 'videos.test' });
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    expect(surfaceView(h.state).place?.why).toEqual({ kind: 'checking' });
    const { sessionId, launch, app, target } = judge!;
    h.send({ type: 'judgeSucceeded', at: h.now, sessionId, launch, app, backend: target.backend, drifting: false, reason: '' });
    expect(surfaceView(h.state).place?.why).toEqual({ kind: 'judged', drifting: false });
  });

  it('without AI an unlisted place is not judged, and says so', () => {
    const h = new Harness({ aiAvailable: false });
    h.start();
    h.observe('news.test', 'Headlines');
    expect(surfaceView(h.state).place?.why).toEqual({ kind: 'unjudged' });
  });
});

// The drift interceptor in the controller: local rules, the debounced and guarded judge, actions.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/stored-settings';
import { DriftState, initialState, nextDeadline, surfaceView, transition } from '../../../../shared/core/controller';
import { connectedHost, Harness, MIN, ofType, SEC, T0 } from './harness';
import { PORT_NOT_CHECKED } from '../../../../shared/core/port-status';

function judged(h: Harness, app: string, drifting: boolean, reason = drifting ? 'Video site, unrelated to the parser tests' : '') {
  const [judge] = ofType(h.effects, 'runJudge')
    .filter((j) => j.app === app)
    .slice(-1);
  if (!judge) throw new Error(`no judge launched for ${app}`);
  return h.send({
    type: 'judgeSucceeded',
    backend: 'claude',
    at: h.now,
    sessionId: judge.sessionId,
    launch: judge.launch,
    app,
    drifting,
    reason,
  });
}

describe('local rules', () => {
  it.each([
    ['blocked site', 'videos.test', 'tab', 'drifting'],
    ['blocked site, subdomain', 'm.videos.test', 'tab', 'drifting'],
    ['blocked app class, any case', 'Outlook', 'os', 'drifting'],
    ['blocked app name matches its web version', 'outlook.office.test', 'tab', 'drifting'],
    ['allowed app class', 'Code', 'os', 'ontask'],
    ['allowed site', 'docs.test', 'tab', 'ontask'],
  ] as const)('%s → %s without AI', (_label, app, source, status) => {
    const h = new Harness();
    h.start();
    const effects = h.observe(app, 'Some title', source);
    expect(h.status).toBe(status);
    expect(ofType(effects, 'runJudge')).toHaveLength(0);
  });

  it('a blocked observation carries a local reason and opens one episode', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state)).toMatchObject({ status: 'drifting', banner: { episode: 1, answered: false } });
    expect(surfaceView(h.state).banner?.reason).toBe('videos.test is on your blocked list');
    h.observe('videos.test', 'More cats');
    h.tick();
    expect(h.state.drift.driftEpisode).toBe(1);
    h.observe('code', 'parser.ts');
    h.observe('videos.test', 'Cats again');
    expect(h.state.drift.driftEpisode).toBe(2);
  });

  it('the local reason names the list entry when it is not the app itself', () => {
    const h = new Harness();
    h.start();
    h.observe('m.videos.test', 'Cats on mobile');
    expect(surfaceView(h.state).banner?.reason).toBe('m.videos.test is on your blocked list (as videos.test)');
  });

  it('blocked wins over allowed', () => {
    const h = new Harness();
    h.start(['videos.test'], ['videos.test']);
    h.observe('videos.test', 'x');
    expect(h.status).toBe('drifting');
  });
});

describe('drift judge', () => {
  it('judges an unmatched app once, then applies the cached verdict per class', () => {
    const h = new Harness();
    h.start();
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    expect(judge).toMatchObject({
      app: 'news.test',
      title: 'Headlines',
      source: 'tab',
      commitment: { text: 'Write the parser tests — all tests in parser.test.ts pass', involves: '' },
    });
    expect(h.status).toBe('checking');
    judged(h, 'news.test', true);
    expect(h.status).toBe('drifting');
    expect(surfaceView(h.state).banner?.reason).toBe('Video site, unrelated to the parser tests');
    h.observe('code', 'parser.ts');
    expect(h.status).toBe('ontask');
    h.observe('www.news.test', 'Other headline');
    expect(h.status).toBe('drifting');
    expect(ofType(h.effects, 'runJudge')).toHaveLength(1);
  });

  it('a judged-on-task verdict is cached too', () => {
    const h = new Harness();
    h.start();
    h.observe('stackoverflow.test', 'How to parse');
    judged(h, 'stackoverflow.test', false);
    expect(h.status).toBe('ontask');
    h.observe('code', 'x');
    h.observe('stackoverflow.test', 'Another question');
    expect(h.status).toBe('ontask');
    expect(ofType(h.effects, 'runJudge')).toHaveLength(1);
  });

  it('debounces on dwell: an alt-tab flick costs no call, a stay does', () => {
    const h = new Harness({ judgeDebounceSeconds: 2 });
    h.start();
    h.observe('code', 'parser.ts');
    h.advance(SEC).observe('chat.test', 'Flick');
    expect(h.status).toBe('checking');
    h.advance(500).observe('code', 'parser.ts');
    h.advance(2 * SEC).tick();
    expect(ofType(h.effects, 'runJudge')).toHaveLength(0);
    h.observe('chat.test', 'Stay');
    expect(nextDeadline(h.state, h.now)).toBe(h.now + 2 * SEC);
    h.advance(SEC).observe('chat.test', 'Still here');
    h.advance(SEC).tick();
    expect(ofType(h.effects, 'runJudge')).toHaveLength(1);
  });

  it('discards a stale verdict: session ended, or "this is on task" chosen meanwhile', () => {
    for (const interrupt of [
      (h: Harness) => h.send({ type: 'sessionEnded', at: h.now }),
      (h: Harness) => h.send({ type: 'onTaskChosen', at: h.now }),
    ]) {
      const h = new Harness();
      h.start();
      const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
      interrupt(h);
      if (h.state.phase === 'idle') h.start();
      h.observe('news.test', 'Headlines');
      const effects = h.send({
        type: 'judgeSucceeded',
        backend: 'claude',
        at: h.now,
        sessionId: judge!.sessionId,
        launch: judge!.launch,
        app: 'news.test',
        drifting: true,
        reason: 'old',
      });
      expect(ofType(effects, 'log')[0]?.message).toMatch(/stale/);
      expect(h.status).not.toBe('drifting');
    }
  });

  it('caches but does not apply a verdict for an app the person already left', () => {
    const h = new Harness();
    h.start();
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    h.observe('code', 'parser.ts');
    h.send({
      type: 'judgeSucceeded',
      backend: 'claude',
      at: h.now,
      sessionId: judge!.sessionId,
      launch: judge!.launch,
      app: 'news.test',
      drifting: true,
      reason: 'News',
    });
    expect(h.status).toBe('ontask');
    h.observe('news.test', 'Headlines');
    expect(h.status).toBe('drifting');
    expect(ofType(h.effects, 'runJudge')).toHaveLength(1);
  });

  it('two apps judged in turn: neither verdict gets stuck in checking', () => {
    const h = new Harness();
    h.start();
    h.observe('a.test', 'A');
    h.observe('b.test', 'B');
    h.observe('a.test', 'A again');
    judged(h, 'b.test', false);
    expect(h.status).toBe('checking');
    judged(h, 'a.test', true, 'A is a distraction');
    expect(h.status).toBe('drifting');
  });

  it('a judge error leaves the person undisturbed: unknown, never drifting, and not retried at once', () => {
    const h = new Harness();
    h.start();
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    const effects = h.send({
      type: 'judgeFailed',
      backend: 'claude',
      at: h.now,
      sessionId: judge!.sessionId,
      launch: judge!.launch,
      app: 'news.test',
      error: 'auth: not logged in',
    });
    expect(h.status).toBe('unknown');
    expect(ofType(effects, 'log')[0]?.message).toMatch(/not logged in/);
    h.advance(MIN).observe('news.test', 'Headlines 2');
    expect(ofType(h.effects, 'runJudge')).toHaveLength(1);
    h.advance(5 * MIN).observe('news.test', 'Headlines 3');
    expect(ofType(h.effects, 'runJudge')).toHaveLength(2);
  });

  it('a judge that never answers expires: unknown, not stuck in checking', () => {
    const h = new Harness({ aiTimeoutSeconds: 30 });
    h.start();
    h.observe('news.test', 'Headlines');
    expect(nextDeadline(h.state, h.now)).toBe(h.now + 35 * SEC);
    h.advance(35 * SEC).tick();
    expect(h.status).toBe('unknown');
    expect(h.state.drift.pendingJudges).toEqual({});
  });

  it('a launch carries the backend and model chosen then; a later change of choice does not move it', () => {
    const h = new Harness({ model: 'haiku' });
    h.start();
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    expect(judge?.target).toEqual({ port: 'helper', backend: 'claude', model: 'haiku' });
    h.send({ type: 'settingsSaved', at: h.now, settings: { ...h.state.settings, model: '' } });
    expect(judge?.target).toEqual({ port: 'helper', backend: 'claude', model: 'haiku' });
    const [next] = ofType(h.advance(MIN).observe('games.test', 'Chess'), 'runJudge');
    expect(next?.target).toEqual({ port: 'helper', backend: 'claude' });
  });

  it('without AI an unmatched app is unknown and nothing is judged', () => {
    const h = new Harness({ aiAvailable: false });
    h.start();
    expect(ofType(h.observe('news.test', 'Headlines'), 'runJudge')).toHaveLength(0);
    expect(h.status).toBe('unknown');
    const effects = h.send({ type: 'hostStatusChanged', at: h.now, host: connectedHost(true) });
    expect(ofType(effects, 'runJudge')).toHaveLength(1);
  });

  it('a port that reports its own status: the same answer changes nothing, a usable one gets the current app judged', () => {
    const h = new Harness({ aiAvailable: false });
    h.start();
    h.observe('news.test', 'Headlines');
    const before = h.state;
    expect(h.send({ type: 'aiPortChecked', at: h.now, port: 'browser', status: PORT_NOT_CHECKED })).toEqual([]);
    expect(h.state).toBe(before);
    const effects = h.send({ type: 'aiPortChecked', at: h.now, port: 'browser', status: { availability: 'available' } });
    expect(ofType(effects, 'runJudge').map((j) => j.target)).toEqual([{ port: 'browser', backend: 'browser' }]);
    expect(h.state.ports).toEqual({ browser: { availability: 'available' } });
  });

  it('paused → nothing judged, nothing nudged; resume re-evaluates', () => {
    const h = new Harness();
    h.start();
    h.send({ type: 'sessionPaused', at: h.now });
    const effects = [...h.observe('news.test', 'Headlines'), ...h.observe('videos.test', 'x'), ...h.advance(10 * MIN).tick()];
    expect(ofType(effects, 'runJudge')).toHaveLength(0);
    expect(ofType(effects, 'runNudge')).toHaveLength(0);
    expect(surfaceView(h.state).phase).toBe('paused');
    h.send({ type: 'sessionResumed', at: h.now });
    expect(h.status).toBe('drifting');
  });

  it('an OS drift asks for a system notification once per episode; a tab drift does not', () => {
    const h = new Harness();
    h.start();
    expect(ofType(h.observe('videos.test', 'x', 'tab'), 'notifyDrift')).toHaveLength(0);
    const first = ofType(h.observe('Outlook', 'Inbox', 'os'), 'notifyDrift');
    expect(first).toEqual([{ type: 'notifyDrift', episode: 2, app: 'Outlook', reason: expect.stringMatching(/blocked/), repeat: false }]);
    expect(ofType([...h.observe('Outlook', 'Inbox (2)', 'os'), ...h.tick()], 'notifyDrift')).toHaveLength(0);
    const [judge] = ofType(h.observe('XTerm', 'irc', 'os'), 'runJudge');
    expect(ofType(judged(h, judge!.app, true, 'Chatting'), 'notifyDrift')).toHaveLength(1);
  });
});

describe('drift actions', () => {
  it('"this is on task" makes the class a local match and persists it', () => {
    const h = new Harness();
    h.start();
    h.observe('news.test', 'Headlines');
    judged(h, 'news.test', true);
    const effects = h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.status).toBe('ontask');
    expect(ofType(effects, 'saveSettings')[0]?.settings).toMatchObject({ allowed: ['news.test'], addedFromBanner: ['news.test'] });
    expect(ofType(effects, 'saveSession')[0]?.session?.allowed).toContain('news.test');
    h.observe('code', 'a');
    h.observe('sub.news.test', 'b');
    expect(h.status).toBe('ontask');
    expect(ofType(h.effects, 'runJudge')).toHaveLength(1);
  });

  it('"this is on task" on a blocked app lifts the block for this session', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Conference talk on parsers');
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.session?.blocked).not.toContain('videos.test');
    h.observe('videos.test', 'next');
    expect(h.status).toBe('ontask');
  });

  it('"back to task" answers the banner and returns to the last on-task place', () => {
    const h = new Harness();
    h.start();
    h.observe('docs.test', 'Docs', 'tab', { tabId: 7, windowId: 1 });
    h.observe('videos.test', 'Cats', 'tab', { tabId: 9, windowId: 1 });
    const effects = h.send({ type: 'backToTaskChosen', at: h.now });
    expect(ofType(effects, 'focusPlace')[0]?.observation.ref).toEqual({ tabId: 7, windowId: 1 });
    expect(surfaceView(h.state).banner?.answered).toBe(true);
    h.observe('docs.test', 'Docs', 'tab', { tabId: 7, windowId: 1 });
    expect(h.status).toBe('ontask');
  });

  it('dismissing the banner (Escape) is per episode', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    h.send({ type: 'bannerDismissed', at: h.now, episode: 1 });
    expect(surfaceView(h.state).banner?.answered).toBe(true);
    h.observe('code', 'x');
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state).banner?.answered).toBe(false);
  });

  it('end session goes idle with clean drift state', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    const effects = h.send({ type: 'sessionEnded', at: h.now });
    expect(surfaceView(h.state)).toMatchObject({ phase: 'idle', session: null, status: 'unknown', place: null, banner: null });
    expect(effects).toContainEqual({ type: 'saveSession', session: null, lastSessionId: 1 });
    expect(effects).toContainEqual({ type: 'armAlarm', at: null });
  });
});

describe('session lifecycle and restore', () => {
  it('starting a session evaluates the current window at once', () => {
    const h = new Harness();
    h.observe('docs.test', 'Docs');
    expect(h.status).toBe('unknown');
    h.start();
    expect(surfaceView(h.state)).toMatchObject({ phase: 'active', status: 'ontask' });
  });

  it('rejects an empty commitment with a logged reason', () => {
    const h = new Harness();
    const effects = h.send({
      type: 'sessionStarted',
      at: h.now,
      input: { commitment: { nextAction: '  ', successCondition: 'x' }, allowed: [], blocked: [] },
    });
    expect(h.state.phase).toBe('idle');
    expect(ofType(effects, 'log')[0]?.message).toMatch(/say what you will do next/);
  });

  it('browser restart (no drift state): the session is kept, drift state is reset', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    const saved = h.session!;
    const fresh = transition(initialState({ host: connectedHost() }), {
      type: 'stateRestored',
      at: T0 + MIN,
      session: saved,
      drift: null,
      settings: defaultSettings(),
      lastSessionId: saved.id,
    }).state;
    expect(surfaceView(fresh)).toMatchObject({ phase: 'active', status: 'unknown', banner: null, place: null });
    expect(fresh.drift.driftEpisode).toBe(0);
    expect(fresh.drift.verdicts).toEqual({});
  });

  it('service-worker restart: drift and nudge state of this session are kept', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'a');
    h.observe('videos.test', 'Cats');
    const restored = transition(initialState({ host: connectedHost() }), {
      type: 'stateRestored',
      at: h.now,
      session: h.session,
      drift: DriftState.parse(JSON.parse(JSON.stringify(h.state.drift))),
      settings: h.state.settings,
      lastSessionId: h.state.lastSessionId,
    }).state;
    expect(surfaceView(restored)).toEqual(surfaceView(h.state));
  });

  it('drift state of another session is not restored', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    const stale = h.state.drift;
    h.send({ type: 'sessionEnded', at: h.now });
    h.start();
    const restored = transition(initialState(), {
      type: 'stateRestored',
      at: h.now,
      session: h.session,
      drift: stale,
      lastSessionId: 2,
      settings: defaultSettings(),
    }).state;
    expect(restored.drift.status).toBe('unknown');
    expect(restored.drift.driftEpisode).toBe(0);
  });

  it('timebox: notified once when it ends; pauses extend it', () => {
    const h = new Harness();
    h.start(['code'], [], 25);
    expect(h.session?.endsAt).toBe(h.now + 25 * MIN);
    h.advance(10 * MIN).send({ type: 'sessionPaused', at: h.now });
    h.advance(5 * MIN).send({ type: 'sessionResumed', at: h.now });
    expect(h.session).toMatchObject({ endsAt: T0 + 30 * MIN, pausedTotalMs: 5 * MIN });
    expect(ofType(h.advance(14 * MIN).tick(), 'notifyTimeboxEnded')).toHaveLength(0);
    expect(ofType(h.advance(MIN).tick(), 'notifyTimeboxEnded')).toHaveLength(1);
    expect(ofType(h.advance(MIN).tick(), 'notifyTimeboxEnded')).toHaveLength(0);
  });

  it('every transition that changes the deadline re-arms the alarm; idle arms none', () => {
    const h = new Harness({ nudgeIntervalMinutes: 5 }); // re-evaluated every minute;
    const started = h.start();
    expect(ofType(started, 'armAlarm')).toEqual([{ type: 'armAlarm', at: T0 + MIN }]);
    expect(ofType(h.advance(MIN).tick(), 'armAlarm')).toEqual([{ type: 'armAlarm', at: T0 + 2 * MIN }]);
    expect(nextDeadline(initialState(), T0)).toBeNull();
  });
});

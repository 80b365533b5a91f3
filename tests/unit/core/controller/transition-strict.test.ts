// Strict sessions in the pure controller: what is blocked when, the waits, the on-task wait, the repeated notification, allowlist-only.
import { describe, expect, it } from 'vitest';
import { surfaceView, transition, type ControllerEffect, type SessionStartInput } from '../../../../shared/core/controller';
import { countsAfter } from '../../../../shared/core/controller/strict';
import { Harness, MIN, ofType, SEC, T0 } from './harness';

const COMMITMENT = { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' };

function startStrict(h: Harness, over: Partial<SessionStartInput> = {}): ControllerEffect[] {
  return h.send({
    type: 'sessionStarted',
    at: h.now,
    input: { commitment: COMMITMENT, allowed: ['code', 'docs.test'], blocked: ['videos.test', 'outlook'], strict: true, ...over },
  });
}

const blockingOf = (effects: ControllerEffect[]) => ofType(effects, 'setBlocking').map((e) => e.blocking);

describe('what a strict session blocks, and when', () => {
  it('starting says the blocked list; ending (after the wait) says nothing is blocked', () => {
    const h = new Harness();
    expect(blockingOf(startStrict(h))).toEqual([{ sessionId: 1, entries: ['videos.test', 'outlook'], includeIncognito: false }]);
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    h.advance(60 * SEC);
    expect(blockingOf(h.send({ type: 'sessionEnded', at: h.now }))).toEqual([null]);
    expect(h.state.phase).toBe('idle');
  });

  it('a session that is not strict never blocks; every restore says what may be blocked (clearing leftovers)', () => {
    const h = new Harness();
    expect(blockingOf(h.start())).toEqual([]);
    const session = h.session!;
    const restored = h.send({ type: 'stateRestored', at: h.now, settings: h.state.settings, session, drift: null, lastSessionId: 1 });
    expect(blockingOf(restored)).toEqual([null]);
    const idle = new Harness();
    expect(
      blockingOf(idle.send({ type: 'stateRestored', at: T0, settings: idle.state.settings, session: null, drift: null, lastSessionId: 0 })),
    ).toEqual([null]);
  });

  it('the timebox ending lifts the block at its tick, and a restore after it (browser closed meanwhile) blocks nothing', () => {
    const h = new Harness();
    startStrict(h, { timeboxMinutes: 25 });
    const session = h.session!;
    h.advance(25 * MIN);
    expect(blockingOf(h.tick())).toEqual([null]);
    // The same session restored by a worker that starts after the timebox: nothing to block.
    const later = new Harness();
    later.now = T0 + 3 * 60 * MIN;
    const restored = later.send({
      type: 'stateRestored',
      at: later.now,
      settings: later.state.settings,
      session,
      drift: null,
      lastSessionId: 1,
    });
    expect(blockingOf(restored)).toEqual([null]);
    // Before the timebox ends, a restore (a browser restart mid-session) blocks again.
    const midway = new Harness();
    midway.now = T0 + 10 * MIN;
    const again = midway.send({
      type: 'stateRestored',
      at: midway.now,
      settings: midway.state.settings,
      session,
      drift: null,
      lastSessionId: 1,
    });
    expect(blockingOf(again)).toEqual([
      { sessionId: 1, entries: ['videos.test', 'outlook'], includeIncognito: false, endsAt: session.endsAt },
    ]);
    expect(session.endsAt).toBeGreaterThan(midway.now);
  });

  it('a pause and a break of the rhythm lift the block; the work coming back blocks again', () => {
    const h = new Harness();
    startStrict(h, { rhythm: { workMinutes: 25, breakMinutes: 5 } });
    h.advance(25 * MIN);
    expect(blockingOf(h.tick())).toEqual([null]);
    h.advance(5 * MIN);
    expect(blockingOf(h.tick())).toHaveLength(1);
    expect(blockingOf(h.effects.slice(-5)).at(-1)).not.toBeNull();
    h.send({ type: 'waitStarted', at: h.now, purpose: 'pause' });
    h.advance(60 * SEC);
    expect(blockingOf(h.send({ type: 'sessionPaused', at: h.now }))).toEqual([null]);
    expect(blockingOf(h.send({ type: 'sessionResumed', at: h.now }))).toHaveLength(1);
  });

  it('includeIncognito is carried to the shell, and changing it re-says the blocking', () => {
    const h = new Harness();
    startStrict(h);
    const saved = h.send({ type: 'settingsSaved', at: h.now, settings: { ...h.state.settings, includeIncognito: true } });
    expect(blockingOf(saved)).toEqual([{ sessionId: 1, entries: ['videos.test', 'outlook'], includeIncognito: true }]);
  });
});

describe('waits before ending early or pausing', () => {
  it('ending is refused without a wait, and during it; it goes through once the wait ran', () => {
    const h = new Harness({ strictWaitSeconds: 30 });
    startStrict(h);
    h.send({ type: 'sessionEnded', at: h.now });
    expect(h.state.phase).toBe('active');
    expect(ofType(h.effects, 'log').at(-1)?.message).toMatch(/ending early needs the wait first/);
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    expect(h.session?.wait).toEqual({ purpose: 'end', startedAt: h.now, readyAt: h.now + 30 * SEC });
    h.advance(29 * SEC);
    h.send({ type: 'sessionEnded', at: h.now });
    expect(h.state.phase).toBe('active');
    expect(ofType(h.effects, 'log').at(-1)?.message).toMatch(/waits 1 s more/);
    // A pause is its own wait: the end's does not open it.
    h.send({ type: 'sessionPaused', at: h.now });
    expect(h.state.phase).toBe('active');
    h.advance(1 * SEC);
    h.send({ type: 'sessionEnded', at: h.now });
    expect(h.state.phase).toBe('idle');
  });

  it('keep going abandons the wait; the counts say started, abandoned and gone through', () => {
    const h = new Harness({ strictWaitSeconds: 10 });
    startStrict(h);
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    h.advance(3 * SEC);
    h.send({ type: 'waitAbandoned', at: h.now });
    expect(h.session?.wait).toBeUndefined();
    h.send({ type: 'navigationBlocked', at: h.now, site: 'videos.test' });
    h.send({ type: 'navigationBlocked', at: h.now, site: 'videos.test' });
    h.send({ type: 'waitStarted', at: h.now, purpose: 'pause' });
    h.advance(10 * SEC);
    h.send({ type: 'sessionPaused', at: h.now });
    expect(h.state.phase).toBe('paused');
    expect(h.session?.strictCounts).toEqual({ blockedNavigations: 2, waitsStarted: 2, waitsAbandoned: 1, waitsGoneThrough: 1 });
    h.send({ type: 'sessionResumed', at: h.now });
    expect(h.state.phase).toBe('active');
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    h.advance(10 * SEC);
    expect(countsAfter(h.session!, 'end', h.now)).toEqual({
      blockedNavigations: 2,
      waitsStarted: 3,
      waitsAbandoned: 1,
      waitsGoneThrough: 2,
    });
  });

  it('after the timebox a strict session ends as usual, without a wait; no wait starts then', () => {
    const h = new Harness();
    startStrict(h, { timeboxMinutes: 25 });
    h.advance(25 * MIN);
    h.tick();
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    expect(h.session?.wait).toBeUndefined();
    h.send({ type: 'sessionEnded', at: h.now });
    expect(h.state.phase).toBe('idle');
  });

  it('a strict session is not replaced by starting another; a session that is not strict is', () => {
    const h = new Harness();
    startStrict(h);
    h.start();
    expect(h.session?.strict).toBe(true);
    expect(ofType(h.effects, 'log').at(-1)?.message).toMatch(/a strict session runs/);
    const loose = new Harness();
    loose.start();
    startStrict(loose);
    expect(loose.session).toMatchObject({ id: 2, strict: true });
  });

  it('a refusal is a value of the step: what did not happen and why; an applied event carries none', () => {
    const h = new Harness({ strictWaitSeconds: 30 });
    startStrict(h);
    expect(transition(h.state, { type: 'sessionEnded', at: h.now }).refused).toEqual({
      what: 'session not ended',
      why: 'strict session: ending early needs the wait first',
    });
    expect(transition(h.state, { type: 'sessionPaused', at: h.now }).refused?.what).toBe('session not paused');
    const input = { commitment: COMMITMENT, allowed: [], blocked: ['videos.test'], strict: true };
    const again = transition(h.state, { type: 'sessionStarted', at: h.now, input });
    expect(again.refused).toEqual({ what: 'session not started', why: 'a strict session runs: end it first (ending early waits)' });
    expect(again.state).toBe(h.state);
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    h.advance(30 * SEC);
    const ended = transition(h.state, { type: 'sessionEnded', at: h.now });
    expect(ended.state.phase).toBe('idle');
    expect(ended.refused).toBeUndefined();
  });

  it('the view carries the wait and the setting; a session that is not strict ends at once', () => {
    const h = new Harness({ strictWaitSeconds: 90 });
    startStrict(h, { allowlistOnly: true });
    h.send({ type: 'waitStarted', at: h.now, purpose: 'end' });
    expect(surfaceView(h.state).session).toMatchObject({
      strict: true,
      allowlistOnly: true,
      waitSeconds: 90,
      wait: { purpose: 'end', readyAt: h.now + 90 * SEC },
    });
    const loose = new Harness();
    loose.start();
    loose.send({ type: 'sessionEnded', at: loose.now });
    expect(loose.state.phase).toBe('idle');
  });
});

describe('the drift banner in a strict session', () => {
  it('"This is on task" waits 10 s after a drift the AI judged, and is never offered for the blocked list', () => {
    const h = new Harness();
    startStrict(h);
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    h.send({
      type: 'judgeSucceeded',
      at: h.now,
      sessionId: 1,
      launch: judge!.launch,
      app: 'news.test',
      backend: 'claude',
      drifting: true,
      reason: 'news',
    });
    expect(surfaceView(h.state).banner).toMatchObject({ onTaskFrom: h.now + 10 * SEC });
    h.advance(9 * SEC);
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.status).toBe('drifting');
    h.advance(1 * SEC);
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.status).toBe('ontask');
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state).banner).toMatchObject({ onTaskFrom: null });
    h.advance(MIN);
    h.send({ type: 'onTaskChosen', at: h.now });
    expect(h.status).toBe('drifting');
    expect(h.session?.blocked).toContain('videos.test');
  });

  it('a session that is not strict offers "This is on task" at once', () => {
    const h = new Harness();
    h.start();
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state).banner).toMatchObject({ onTaskFrom: 0 });
  });

  it('a desktop app that keeps focus is notified again every 2 minutes, only in a strict session', () => {
    const h = new Harness();
    startStrict(h);
    expect(ofType(h.observe('Outlook', 'Inbox', 'os'), 'notifyDrift')).toEqual([
      expect.objectContaining({ episode: 1, app: 'Outlook', repeat: false }),
    ]);
    h.advance(119 * SEC);
    expect(ofType(h.tick(), 'notifyDrift')).toEqual([]);
    h.advance(1 * SEC);
    const again = h.tick();
    expect(ofType(again, 'notifyDrift')).toEqual([expect.objectContaining({ episode: 1, app: 'Outlook', repeat: true })]);
    expect(ofType(again, 'armAlarm').at(-1)?.at).toBeLessThanOrEqual(h.now + 120 * SEC);
    h.observe('code', 'parser.ts', 'os');
    h.advance(3 * MIN);
    expect(ofType(h.tick(), 'notifyDrift')).toEqual([]);
    const loose = new Harness();
    loose.start();
    loose.observe('Outlook', 'Inbox', 'os');
    loose.advance(3 * MIN);
    expect(ofType(loose.tick(), 'notifyDrift')).toEqual([]);
  });
});

describe('allowlist-only', () => {
  it('anything not on the allowed list is drift at once, and no AI is asked', () => {
    const h = new Harness();
    startStrict(h, { strict: false, allowlistOnly: true });
    const effects = h.observe('news.test', 'Headlines');
    expect(ofType(effects, 'runJudge')).toEqual([]);
    expect(h.status).toBe('drifting');
    expect(h.state.drift.reason).toBe('news.test is not on your allowed list');
    expect(surfaceView(h.state).place?.why).toEqual({ kind: 'notAllowed' });
    h.observe('docs.test', 'Reference');
    expect(h.status).toBe('ontask');
  });

  it('works with no AI at all', () => {
    const h = new Harness({ aiAvailable: false });
    startStrict(h, { allowlistOnly: true });
    h.observe('news.test', 'Headlines');
    expect(h.status).toBe('drifting');
  });
});

describe('the block page counts', () => {
  it('only a site the session blocks now: a page opening the block page by itself adds nothing', () => {
    const h = new Harness();
    startStrict(h);
    h.send({ type: 'navigationBlocked', at: h.now, site: 'videos.test' });
    h.send({ type: 'navigationBlocked', at: h.now, site: 'docs.test' });
    expect(h.session?.strictCounts.blockedNavigations).toBe(1);
    const loose = new Harness();
    loose.start();
    loose.send({ type: 'navigationBlocked', at: loose.now, site: 'videos.test' });
    expect(loose.session?.strictCounts.blockedNavigations).toBe(0);
  });
});

describe('the view after a strict timebox', () => {
  it('says not strict once the timebox tick came, and offers "This is on task" at once again', () => {
    const h = new Harness();
    startStrict(h, { timeboxMinutes: 25 });
    h.observe('videos.test', 'Cats');
    expect(surfaceView(h.state)).toMatchObject({ session: { strict: true }, banner: { onTaskFrom: null } });
    h.advance(25 * MIN);
    h.tick();
    expect(surfaceView(h.state)).toMatchObject({ session: { strict: false }, banner: { onTaskFrom: 0 } });
  });
});

// The recorder's functional core: segments and marks from controller transitions, incl. away, pause and restarts.
import { describe, expect, it } from 'vitest';
import type { ControllerEvent } from '../../../shared/core/controller';
import {
  EMPTY_RECORDER,
  progressOf,
  recordHeartbeat,
  recordTransition,
  resumeRecorder,
  reviewOf,
  type RecorderState,
  type RecorderStep,
} from '../../../shared/history/recorder';
import type { HistoryMark, HistorySegment, HistorySession, HistoryWrite } from '../../../shared/history/history-records';
import { HISTORY_HEARTBEAT_MS } from '../../../shared/history/history-limits';
import { Harness, MIN, SEC, T0 } from '../core/controller/harness';

/** A harness whose every transition also runs the recorder into an in-memory store of puts by key. */
class Recorded extends Harness {
  recorder: RecorderState = EMPTY_RECORDER;
  readonly stored = {
    sessions: new Map<string, HistorySession>(),
    segments: new Map<string, HistorySegment>(),
    marks: new Map<string, HistoryMark>(),
  };
  writes: HistoryWrite[] = [];
  keepTitles = true;

  override send(event: ControllerEvent) {
    const before = this.state;
    const effects = super.send(event);
    const at = event.type === 'observed' ? event.observation.at : event.at;
    this.apply(recordTransition(this.recorder, before, this.state, event, at, { keepTitles: this.keepTitles }));
    return effects;
  }

  heartbeat() {
    this.apply(recordHeartbeat(this.recorder, this.now));
  }

  ended: HistorySession[] = [];

  private apply(step: RecorderStep) {
    this.recorder = step.recorder;
    if (step.ended) this.ended.push(step.ended);
    this.writes.push(...step.writes);
    for (const w of step.writes) (this.stored[w.store as 'sessions'] as Map<string, unknown>).set(w.record.key, w.record);
  }

  segments() {
    return [...this.stored.segments.values()].sort((a, b) => a.start - b.start);
  }

  kinds() {
    return this.segments().map((s) => `${s.kind}${s.place ? `:${s.place}` : ''}:${(s.end - s.start) / SEC}`);
  }

  marks(type?: HistoryMark['type']) {
    return [...this.stored.marks.values()].filter((m) => !type || m.type === type);
  }

  judgeNext(app: string, drifting: boolean, reason = drifting ? 'Videos are not the parser tests' : '') {
    const judge = this.effects.filter((e) => e.type === 'runJudge' && e.app === app).pop() as Extract<
      (typeof this.effects)[number],
      { type: 'runJudge' }
    >;
    return this.send({
      type: 'judgeSucceeded',
      backend: 'claude',
      at: this.now,
      sessionId: judge.sessionId,
      launch: judge.launch,
      app,
      drifting,
      reason,
    });
  }

  end() {
    return this.send({ type: 'sessionEnded', at: this.now });
  }
}

describe('segments', () => {
  it('on task, blocked drift, judged drift and away each get their own segment, closed where the next begins', () => {
    const h = new Recorded();
    h.start();
    h.observe('code', 'parser.ts', 'os');
    h.advance(10 * MIN).observe('videos.test', 'Cats');
    h.advance(2 * MIN).observe('news.test', 'Headlines');
    h.advance(SEC).judgeNext('news.test', true);
    h.advance(3 * MIN).send({ type: 'awayStarted', at: h.now, why: 'idle' });
    h.advance(20 * MIN).send({ type: 'awayEnded', at: h.now });
    h.advance(MIN).end();
    expect(h.kinds()).toEqual([
      'ontask:code:600',
      'drifting:videos.test:120',
      'unsure:news.test:1',
      'drifting:news.test:180',
      'away:1200',
      'drifting:news.test:60',
    ]);
    const [blocked, , judged] = h.segments().filter((s) => s.kind === 'drifting');
    expect(blocked).toMatchObject({ cause: 'blocked', reason: 'videos.test is on your blocked list' });
    expect(judged).toMatchObject({ cause: 'judged', reason: 'Videos are not the parser tests' });
    const [session] = h.stored.sessions.values();
    expect(session).toMatchObject({ endedAt: h.now, endReason: 'ended', nextAction: 'Write the parser tests' });
  });

  it('a new title at the same place continues the segment; the end is written at most once per heartbeat', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page 1');
    const writes = h.writes.length;
    for (let i = 0; i < 10; i++) h.advance(SEC).observe('docs.test', `Page ${i + 2}`);
    expect(h.writes.length).toBe(writes);
    h.advance(HISTORY_HEARTBEAT_MS).observe('docs.test', 'Page 12');
    expect(h.segments().at(-1)).toMatchObject({ kind: 'ontask', title: 'Page 1', end: h.now });
  });

  it('a heartbeat moves the open end forward without an event', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(40 * SEC).heartbeat();
    expect(h.segments().at(-1)!.end - h.segments().at(-1)!.start).toBe(40 * SEC);
    expect([...h.stored.sessions.values()][0]!.lastSeenAt).toBe(h.now);
  });

  it('pause is its own segment, and away while paused stays paused', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(MIN).send({ type: 'sessionPaused', at: h.now });
    h.advance(MIN).send({ type: 'awayStarted', at: h.now, why: 'locked' });
    h.advance(MIN).send({ type: 'awayEnded', at: h.now });
    h.advance(MIN).send({ type: 'sessionResumed', at: h.now });
    h.advance(MIN).end();
    expect(h.kinds()).toEqual(['ontask:docs.test:60', 'paused:180', 'ontask:docs.test:60']);
  });

  it('keep no titles: places and times only', () => {
    const h = new Recorded();
    h.keepTitles = false;
    h.start(['docs.test']);
    h.observe('docs.test', 'Secret plans');
    expect(h.segments().map((s) => s.title)).toEqual(['']);
    expect(JSON.stringify(h.writes)).not.toContain('Secret plans');
  });
});

describe('the facts the popup and the review come from', () => {
  it('running totals of closed segments, the open one up to now, and the last drift; reset by a new session', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(10 * MIN).observe('videos.test', 'Cats');
    h.advance(2 * MIN).observe('docs.test', 'Page');
    expect(h.recorder.totals).toEqual({ focusedMs: 10 * MIN, driftMs: 2 * MIN });
    expect(h.recorder.lastDrift).toEqual({ place: 'videos.test', at: T0 + 10 * MIN });
    expect(progressOf(h.recorder, h.now + 3 * MIN)).toEqual({ focusedMs: 13 * MIN, driftMs: 2 * MIN, lastDrift: h.recorder.lastDrift });
    h.advance(MIN).start(['docs.test']);
    expect(h.recorder.totals).toEqual({ focusedMs: 0, driftMs: 0 });
    expect(h.recorder.lastDrift).toBeNull();
  });

  it('a session that ends is returned once, as written; its review is asked, a replaced one’s is not', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(MIN).start(['docs.test']);
    expect(h.ended.map((s) => s.endReason)).toEqual(['replaced']);
    expect(reviewOf(h.ended[0]!, h.now)).toBeNull();
    h.advance(MIN).end();
    expect(h.ended.map((s) => s.endReason)).toEqual(['replaced', 'ended']);
    expect(reviewOf(h.ended[1]!, h.now)).toEqual({
      key: h.ended[1]!.key,
      nextAction: 'Write the parser tests',
      successCondition: 'all tests in parser.test.ts pass',
      endedAt: h.now,
    });
    expect(progressOf(h.recorder, h.now)).toBeNull();
  });

  it('keeps what the work involves with the session; a session that said nothing of it keeps none', () => {
    const h = new Recorded();
    const commitment = {
      nextAction: 'Write the parser',
      successCondition: 'tests pass',
      involves: 'the vitest docs, a lecture on Pratt parsing',
    };
    h.send({ type: 'sessionStarted', at: h.now, input: { commitment, allowed: ['docs.test'], blocked: [] } });
    expect([...h.stored.sessions.values()].map((s) => s.involves)).toEqual(['the vitest docs, a lecture on Pratt parsing']);
    h.advance(MIN).start(['docs.test']);
    expect(h.ended.map((s) => s.involves)).toEqual(['the vitest docs, a lecture on Pratt parsing']);
    h.advance(MIN).end();
    expect(h.ended.map((s) => s.involves)).toEqual(['the vitest docs, a lecture on Pratt parsing', '']);
  });

  it('resumed from storage: closed segments summed, the last one open, the last drift from its segment', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(4 * MIN).observe('videos.test', 'Cats');
    h.advance(MIN).observe('docs.test', 'Page');
    h.advance(MIN).heartbeat();
    const resumed = resumeRecorder([...h.stored.sessions.values()][0]!, h.segments());
    expect(resumed.totals).toEqual(h.recorder.totals);
    expect(resumed.lastDrift).toEqual({ place: 'videos.test', at: T0 + 4 * MIN });
    expect(progressOf(resumed, h.now)).toEqual(progressOf(h.recorder, h.now));
  });
});

describe('restarts', () => {
  it('a service-worker restart (drift state kept) continues the open segment', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    const { session } = h;
    // The worker died: a new recorder is rebuilt from what was stored.
    h.recorder = resumeRecorder([...h.stored.sessions.values()][0]!, h.segments());
    h.advance(5 * MIN).send({
      type: 'stateRestored',
      at: h.now,
      settings: h.state.settings,
      session,
      drift: h.state.drift,
      lastSessionId: 1,
    });
    h.advance(MIN).end();
    expect(h.kinds()).toEqual(['ontask:docs.test:360']);
  });

  it('a browser restart leaves a gap: the old segment ends at its last write, a new one opens at the restart (a zero-length one is replaced)', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(30 * SEC).heartbeat();
    const { session } = h;
    h.advance(2 * 60 * MIN).send({ type: 'stateRestored', at: h.now, settings: h.state.settings, session, drift: null, lastSessionId: 1 });
    h.observe('docs.test', 'Page again');
    h.advance(MIN).end();
    expect(h.kinds()).toEqual(['ontask:docs.test:30', 'ontask:docs.test:60']);
  });

  it('a session that is gone from storage when the worker comes back is closed as lost at its last sighting', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Page');
    h.advance(30 * SEC).heartbeat();
    const lastSeen = h.now;
    h.advance(60 * MIN).send({
      type: 'stateRestored',
      at: h.now,
      settings: h.state.settings,
      session: null,
      drift: null,
      lastSessionId: 1,
    });
    expect([...h.stored.sessions.values()][0]).toMatchObject({ endedAt: lastSeen, endReason: 'lost' });
    expect(h.segments().at(-1)!.end).toBe(lastSeen);
  });

  it('starting a session while one runs ends the first as replaced', () => {
    const h = new Recorded();
    h.start();
    h.advance(MIN).start(['docs.test']);
    const sessions = [...h.stored.sessions.values()];
    expect(sessions.map((s) => s.endReason)).toEqual(['replaced', null]);
    expect(new Set(h.segments().map((s) => s.session)).size).toBe(2);
  });

  it('ending after the timebox elapsed says so', () => {
    const h = new Recorded();
    h.start(['docs.test'], [], 25);
    h.advance(30 * MIN).end();
    expect([...h.stored.sessions.values()][0]).toMatchObject({ endReason: 'timeboxElapsed', timeboxMinutes: 25 });
  });
});

describe('marks', () => {
  it('each drift episode and how it was answered', () => {
    const h = new Recorded();
    h.start(['docs.test']);
    h.observe('docs.test', 'Docs');
    h.advance(MIN).observe('videos.test', 'Cats');
    h.advance(SEC).send({ type: 'backToTaskChosen', at: h.now });
    h.advance(MIN).observe('docs.test', 'Docs');
    h.advance(MIN).observe('videos.test', 'Cats');
    h.advance(SEC).send({ type: 'bannerDismissed', at: h.now, episode: 2 });
    h.advance(MIN).observe('news.test', 'News');
    h.advance(SEC).judgeNext('news.test', true);
    h.advance(SEC).send({ type: 'onTaskChosen', at: h.now });
    h.advance(MIN).observe('videos.test', 'Cats');
    h.advance(MIN).end();
    const drifts = h.marks('drift').map((m) => m.type === 'drift' && `${m.episode}:${m.place}:${m.cause}`);
    expect(drifts).toEqual(['1:videos.test:blocked', '2:videos.test:blocked', '3:news.test:judged', '4:videos.test:blocked']);
    const answers = h.marks('answer').map((m) => m.type === 'answer' && `${m.episode}:${m.choice}`);
    expect(answers).toEqual(['1:backToTask', '2:dismissed', '3:onTask', '4:endSession']);
  });

  it('judge and nudge calls with their backend and outcome; a shown heads-up and its dismissal', () => {
    const h = new Recorded({ nudgeIntervalMinutes: 1 });
    h.start(['docs.test']);
    h.observe('news.test', 'News');
    const judge = h.effects.find((e) => e.type === 'runJudge') as Extract<(typeof h.effects)[number], { type: 'runJudge' }>;
    expect(judge.target).toEqual({ port: 'helper', backend: 'claude' });
    h.send({
      type: 'judgeFailed',
      backend: judge.target.backend,
      at: h.now,
      sessionId: judge.sessionId,
      launch: judge.launch,
      app: 'news.test',
      error: 'timeout',
    });
    h.advance(SEC).observe('docs.test', 'A');
    h.advance(SEC).observe('docs.test', 'B');
    h.advance(2 * MIN).observe('docs.test', 'C');
    const nudge = h.effects.find((e) => e.type === 'runNudge') as Extract<(typeof h.effects)[number], { type: 'runNudge' }>;
    // The answer names the backend that gave it (one chosen at launch); the mark says that one, not today's choice.
    h.send({
      type: 'nudgeSucceeded',
      backend: 'ollama',
      at: h.now,
      sessionId: nudge.sessionId,
      stretch: nudge.stretch,
      message: 'Tests first?',
    });
    h.advance(SEC).send({ type: 'nudgeDismissed', at: h.now, message: 'Tests first?' });
    const calls = h.marks('call').map((m) => m.type === 'call' && `${m.role}:${m.backend}:${m.ok}`);
    expect(calls).toEqual(['judge:claude:false', 'nudge:ollama:true']);
    expect(h.marks('nudge')).toMatchObject([{ message: 'Tests first?' }]);
    expect(h.marks('nudgeDismissed')).toHaveLength(1);
  });

  it('a late answer for an ended session records nothing', () => {
    const h = new Recorded();
    h.start();
    h.observe('news.test', 'News');
    const judge = h.effects.find((e) => e.type === 'runJudge') as Extract<(typeof h.effects)[number], { type: 'runJudge' }>;
    h.end();
    const before = h.writes.length;
    h.send({
      type: 'judgeSucceeded',
      backend: 'claude',
      at: h.now,
      sessionId: judge.sessionId,
      launch: judge.launch,
      app: 'news.test',
      drifting: true,
      reason: 'x',
    });
    expect(h.writes.length).toBe(before);
  });

  it('idle time records nothing', () => {
    const h = new Recorded();
    h.observe('news.test', 'News');
    h.send({ type: 'awayStarted', at: T0, why: 'idle' });
    expect(h.writes).toEqual([]);
  });
});

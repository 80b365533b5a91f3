// Section 6: observations per second through the pure controller, over a mix of allowed/blocked/unmatched/cached.
import { connectedHost } from '../../harness/hosts';
import { initialState, transition, type ControllerEvent, type ControllerState, type ObservationRecord } from '../../shared/core/controller';
import { allowBackend } from './allow-backend';
import { seededRng } from './rng';
import { round, summarize, type Summary } from './stats';

export interface ThroughputResult {
  mix: Record<string, number>;
  runs: number;
  observationsPerSecond: Summary;
}

const T0 = 1_700_000_000_000;

function buildMix(count: number): { kinds: string[]; make: (i: number, at: number) => ObservationRecord } {
  const rng = seededRng(6);
  const kinds: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    kinds.push(r < 0.5 ? 'allowed' : r < 0.65 ? 'blocked' : r < 0.9 ? 'cached' : 'unmatched');
  }
  return {
    kinds,
    make: (i, at) => {
      const kind = kinds[i % kinds.length]!;
      switch (kind) {
        case 'allowed':
          return { source: 'os', app: 'Code', title: `file${i % 37}.ts — parser — Visual Studio Code`, at };
        case 'blocked':
          return { source: 'tab', app: 'www.youtube.com', title: `video ${i % 11} - YouTube`, at };
        case 'cached':
          return { source: 'tab', app: `site${i % 20}.example`, title: `page ${i % 13}`, at };
        default:
          // Never answered: these sit in checking / pending, as a slow judge would leave them.
          return { source: 'tab', app: `new${i % 50}.example`, title: `new page ${i % 7}`, at };
      }
    },
  };
}

export function benchThroughput(opts: { runs: number; secondsPerRun: number }): ThroughputResult {
  let now = T0;
  // The person allowed the backend, or no verdict would ever be asked for, let alone cached.
  let state: ControllerState = allowBackend(initialState({ host: connectedHost() }), 'claude', now);
  const send = (e: ControllerEvent): void => {
    state = transition(state, e).state;
  };
  send({
    type: 'sessionStarted',
    at: now,
    input: {
      commitment: { nextAction: 'Write the parser tests', successCondition: 'all pass' },
      allowed: ['code', 'docs.test'],
      blocked: ['youtube.com'],
    },
  });
  // Cache verdicts for the 'cached' sites, half on task and half drifting.
  for (let s = 0; s < 20; s++) {
    const app = `site${s}.example`;
    now += 2_000;
    send({ type: 'observed', observation: { source: 'tab', app, title: 'x', at: now } });
    now += 2_000;
    const step = transition(state, { type: 'ticked', at: now });
    state = step.state;
    for (const e of step.effects) {
      if (e.type === 'runJudge')
        send({
          type: 'judgeSucceeded',
          backend: 'claude',
          at: now,
          sessionId: e.sessionId,
          launch: e.launch,
          key: e.key,
          app: e.app,
          drifting: s % 2 === 0,
          reason: 'not the task',
        });
    }
  }
  const cachedCount = Object.keys(state.drift.verdicts).length;
  if (cachedCount < 20) throw new Error(`expected 20 cached verdicts, have ${cachedCount}`);

  const { kinds, make } = buildMix(10_000);
  let i = 0;
  const runFor = (ms: number): number => {
    const started = performance.now();
    let n = 0;
    // Check the clock every 1000 observations so timing stays out of the measured loop.
    while (performance.now() - started < ms) {
      for (let k = 0; k < 1000; k++, i++, n++) {
        now += 250;
        state = transition(state, { type: 'observed', observation: make(i, now) }).state;
      }
    }
    return n / ((performance.now() - started) / 1000);
  };
  runFor(Math.min(1, opts.secondsPerRun) * 1000); // warm-up: JIT and caches
  const rates: number[] = [];
  for (let r = 0; r < opts.runs; r++) rates.push(runFor(opts.secondsPerRun * 1000));
  const mix: Record<string, number> = {};
  for (const k of kinds) mix[k] = (mix[k] ?? 0) + 1;
  for (const k of Object.keys(mix)) mix[k] = round(mix[k]! / kinds.length, 2);
  return { mix, runs: opts.runs, observationsPerSecond: summarize(rates, 0) };
}

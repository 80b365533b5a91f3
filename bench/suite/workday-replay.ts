// Section 5: replays the workday through the pure controller with a fake clock and fake judge/nudge answers.
import { connectedHost } from '../../harness/hosts';
import {
  initialState,
  transition,
  type ControllerEffect,
  type ControllerEvent,
  type ControllerState,
  type ObservationRecord,
} from '../../shared/core/controller';
import { observeTab } from '../../shared/core/observe';
import { matchesAny } from '../../shared/core/match';
import { EMPTY_RECORDER, recordHeartbeat, recordTransition, type RecorderState } from '../../shared/history/recorder';
import { HISTORY_HEARTBEAT_MS } from '../../shared/history/history-limits';
import type { HistoryWrite } from '../../shared/history/history-records';
import { allowBackend } from './allow-backend';
import { seededRng } from './rng';
import { round, summarize, type Summary } from './stats';
import { generateWorkday, type DayObservation, type Workday } from './workday';

const HOUR = 3_600_000;

export interface ReplayOptions {
  /** false: the mixed-use sites' list emptied, so every site is judged once as a whole (the rule before pages were judged). */
  pageByPage?: boolean;
}

export interface WorkdayResult {
  hours: number;
  observations: number;
  unmatchedObservations: number;
  flicks: number;
  blockedVisits: number;
  breaks: number;
  calls: { judge: number; nudge: number; total: number };
  baselines: { judgeEveryObservation: number; judgeEveryUnmatchedNoCacheNoDebounce: number };
  ratioToEveryObservation: number;
  nudgesPerHour: { max: number; mean: number; byHour: number[] };
  drifts: { real: number; flagged: number; secondsToFlag: Summary | null; missed: { app: string; seconds: number }[] };
  flicksJudged: number;
  /** Only for a day that knows its pages: stretches on a work page the person was told they drifted on, and heads-ups on judged pages. */
  pages?: { workStretches: number; falseAlarms: number; falseAlarmTitles: string[]; nudgesOnJudgedPages: number; flicksJudged: number };
  /** The history recorder run after every transition, as the shell runs it. */
  history: {
    /** The recorder's synchronous time per transition: what recording adds to the event → badge path. */
    recordMs: Summary;
    /** IndexedDB puts asked for per hour (segments, marks and session records; heartbeats included). */
    putsPerHour: number;
    /** The stored records' JSON size per hour of session (titles kept): what the history costs on disk, before IndexedDB's own overhead. */
    bytesPerHour: number;
    records: { sessions: number; segments: number; marks: number };
  };
}

/** An observation as the shell makes it: a tab with an address through observeTab (its path, and its page on a mixed-use site). */
function observationOf(o: DayObservation, settings: ControllerState['settings']): ObservationRecord {
  if (!o.url) return { source: o.source, app: o.app, title: o.title, at: o.at };
  const decision = observeTab({ id: 1, windowId: 1, url: o.url, title: o.title }, settings, 'chrome-extension://bench', o.at);
  if (!('observe' in decision)) throw new Error(`the day's page ${o.url} is not observed: ${decision.ignore}`);
  return decision.observe;
}

interface Queued {
  at: number;
  seq: number;
  event: ControllerEvent | { type: 'alarm'; at: number; armId: number };
}

/** Runs the day; answers arrive after a realistic LLM CLI delay (judge 3–10 s, nudge 4–12 s). */
export function replayWorkday(day: Workday = generateWorkday(), options: ReplayOptions = {}): WorkdayResult {
  const rng = seededRng(99);
  const start = initialState({ host: connectedHost() });
  const pageByPage = options.pageByPage ?? true;
  const settings = pageByPage ? start.settings : { ...start.settings, mixedUseSites: [] };
  // The person allowed the backend before the day began (on the welcome page, or the first time the popup asked).
  let state: ControllerState = allowBackend({ ...start, settings }, 'claude', day.start);
  const falseAlarms = new Set<number>();
  const falseAlarmTitles = new Set<string>();
  let nudgesOnJudgedPages = 0;
  const queue: Queued[] = [];
  let seq = 0;
  let armId = 0;
  const push = (at: number, event: Queued['event']): void => {
    queue.push({ at, seq: seq++, event });
  };
  const judgeTimes: number[] = [];
  const nudgeTimes: number[] = [];
  const judgedApps: string[] = [];
  const judgedTitles: string[] = [];
  const drifting: { at: number; app: string }[] = [];

  let recorder: RecorderState = EMPTY_RECORDER;
  const recordMs: number[] = [];
  const stored = new Map<string, HistoryWrite>();
  let puts = 0;
  const keep = (writes: HistoryWrite[]): void => {
    puts += writes.length;
    for (const w of writes) stored.set(`${w.store}:${w.record.key}`, w);
  };
  const apply = (event: ControllerEvent, at: number): void => {
    const wasDrifting = state.drift.status === 'drifting';
    // The shell's heartbeat timer, between events.
    while (recorder.open && at - recorder.writtenAt >= HISTORY_HEARTBEAT_MS) {
      const beat = recordHeartbeat(recorder, recorder.writtenAt + HISTORY_HEARTBEAT_MS);
      recorder = beat.recorder;
      keep(beat.writes);
    }
    const before = state;
    const step = transition(state, event);
    state = step.state;
    const t0 = performance.now();
    const recorded = recordTransition(recorder, before, state, event, at, { keepTitles: true });
    recordMs.push(performance.now() - t0);
    recorder = recorded.recorder;
    keep(recorded.writes);
    if (state.drift.status === 'drifting' && (!wasDrifting || event.type === 'observed') && state.drift.current) {
      drifting.push({ at, app: state.drift.current.app });
    }
    // Told of a drift on a page of the work: a false alarm, counted once per stretch on that page.
    const current = state.drift.current;
    if (state.drift.status === 'drifting' && current && day.pageTruth?.[current.title] === false) {
      falseAlarms.add(current.at);
      falseAlarmTitles.add(current.title);
    }
    for (const effect of step.effects) handle(effect, at);
  };
  const handle = (effect: ControllerEffect, at: number): void => {
    switch (effect.type) {
      case 'runJudge': {
        judgeTimes.push(at);
        judgedApps.push(effect.app);
        judgedTitles.push(effect.title);
        // An honest judge: it reads the page it is asked about (its title), else knows the app.
        const drifts = day.pageTruth?.[effect.title] ?? day.truth[effect.app] ?? true;
        push(at + rng.between(3_000, 10_000), {
          type: 'judgeSucceeded',
          backend: 'claude',
          at: 0,
          sessionId: effect.sessionId,
          launch: effect.launch,
          key: effect.key,
          app: effect.app,
          drifting: drifts,
          reason: drifts ? `${effect.app} is not part of the task` : '',
        });
        return;
      }
      case 'runNudge':
        nudgeTimes.push(at);
        if (state.drift.current?.page !== undefined) nudgesOnJudgedPages++;
        push(at + rng.between(4_000, 12_000), {
          type: 'nudgeSucceeded',
          backend: 'claude',
          at: 0,
          sessionId: effect.sessionId,
          stretch: effect.stretch,
          message: rng.chance(0.15) ? 'You have been in the README for a while; the tests are the goal.' : '',
        });
        return;
      case 'armAlarm':
        // One alarm, re-armed each time (chrome.alarms with a precise in-memory timer, as the shell does).
        armId++;
        if (effect.at !== null) push(effect.at, { type: 'alarm', at: effect.at, armId });
        return;
      default:
        return;
    }
  };

  apply(
    {
      type: 'sessionStarted',
      at: day.start,
      input: {
        commitment: { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' },
        allowed: day.allowed,
        blocked: day.blocked,
      },
    },
    day.start,
  );
  for (const o of day.observations) push(o.at, { type: 'observed', observation: observationOf(o, state.settings) });

  while (queue.length > 0) {
    queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = queue.shift()!;
    if (next.at >= day.end) break;
    const e = next.event;
    if (e.type === 'alarm') {
      if (e.armId === armId) apply({ type: 'ticked', at: next.at }, next.at);
    } else if (e.type === 'observed') {
      apply(e, next.at);
    } else {
      apply({ ...e, at: next.at } as ControllerEvent, next.at);
    }
  }

  const hours = (day.end - day.start) / HOUR;
  const byHour = Array.from(
    { length: Math.ceil(hours) },
    (_, h) => nudgeTimes.filter((t) => t >= day.start + h * HOUR && t < day.start + (h + 1) * HOUR).length,
  );
  const unmatched = day.observations.filter((o) => !matchesAny(day.allowed, o) && !matchesAny(day.blocked, o)).length;
  const flagged: number[] = [];
  const missed: { app: string; seconds: number }[] = [];
  for (const d of day.drifts) {
    const hit = drifting.find((x) => x.at >= d.start && x.at <= d.end && x.app === d.app);
    if (hit) flagged.push((hit.at - d.start) / 1000);
    else missed.push({ app: d.app, seconds: round((d.end - d.start) / 1000, 0) });
  }
  const flickApps = new Set(['slack', 'mail.google.com', 'thunderbird']);
  const records = { sessions: 0, segments: 0, marks: 0 };
  let bytes = 0;
  for (const w of stored.values()) {
    records[w.store as keyof typeof records]++;
    bytes += JSON.stringify(w.record).length;
  }
  const total = judgeTimes.length + nudgeTimes.length;
  return {
    hours,
    observations: day.observations.length,
    unmatchedObservations: unmatched,
    ...day.counts,
    calls: { judge: judgeTimes.length, nudge: nudgeTimes.length, total },
    baselines: { judgeEveryObservation: day.observations.length, judgeEveryUnmatchedNoCacheNoDebounce: unmatched },
    ratioToEveryObservation: round(total / day.observations.length, 4),
    nudgesPerHour: { max: Math.max(...byHour), mean: round(nudgeTimes.length / hours, 2), byHour },
    drifts: { real: day.drifts.length, flagged: flagged.length, secondsToFlag: flagged.length ? summarize(flagged, 1) : null, missed },
    flicksJudged: judgedApps.filter((a) => flickApps.has(a)).length,
    ...(day.pageTruth
      ? {
          pages: {
            workStretches: day.observations.filter((o) => day.pageTruth?.[o.title] === false).length,
            falseAlarms: falseAlarms.size,
            falseAlarmTitles: [...falseAlarmTitles],
            nudgesOnJudgedPages,
            flicksJudged: judgedTitles.filter((t) => day.flickTitles?.includes(t)).length,
          },
        }
      : {}),
    history: {
      recordMs: summarize(recordMs, 4),
      putsPerHour: round(puts / hours, 0),
      bytesPerHour: round(bytes / hours, 0),
      records,
    },
  };
}

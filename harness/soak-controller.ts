// Seeded soak of the pure controller: random events on a fake clock, invariants checked after every step.
import { connectedHost as host } from './hosts';
import { prng } from './prng';
import {
  initialState,
  nextDeadline,
  sessionOf,
  surfaceView,
  transition,
  type ControllerEffect,
  type ControllerEvent,
  type ControllerState,
} from '../shared/core/controller';
import { RECENT_TITLES, VERDICT_CACHE_LIMIT } from '../shared/core/core-limits';
import { appKey } from '../shared/core/match';
import { HOST_TIMEOUT_GRACE_MS } from '../shared/protocol/protocol-limits';
import { defaultSettings, type Settings } from '../shared/settings/stored-settings';

export interface SoakOptions {
  seed: number;
  observations: number;
}

export interface SoakReport {
  seed: number;
  events: number;
  observations: number;
  counts: Record<string, number>;
  maxPendingJudges: number;
  maxVerdicts: number;
  maxJudgeFailures: number;
  simulatedHours: number;
}

/**
 * Failures only matter for judgeRetryMs; the apps a person can visit in that window (one per
 * observation at most) bound how many are worth remembering.
 */
export const FAILURES_BOUND = 64;

/** Pending judges are keyed by app and expire within the AI timeout plus the host's grace; this is far above any real count. */
export const PENDING_JUDGES_BOUND = 64;

/** A person who allowed claude (the soak's one backend) to receive their words. */
const SETTINGS: Settings = {
  ...defaultSettings(),
  judgeDebounceSeconds: 1.5,
  aiTimeoutSeconds: 30,
  nudgeIntervalMinutes: 5,
  aiConsent: { claude: { answer: 'allowed', at: 0 } },
};
const NUDGE_INTERVAL_MS = SETTINGS.nudgeIntervalMinutes * 60_000;
const AI_TIMEOUT_MS = SETTINGS.aiTimeoutSeconds * 1_000;
const T0 = 1_700_000_000_000;
const ALLOWED = ['code', 'docs.test'];
const BLOCKED = ['videos.test', 'slack'];
const SITES = Array.from({ length: 24 }, (_, i) => `site${i}.test`);

type Delivery = { at: number; event: ControllerEvent };

export class SoakFailure extends Error {}

/** Runs until `observations` observations went through; throws SoakFailure on the first broken invariant. */
export function runControllerSoak({ seed, observations }: SoakOptions): SoakReport {
  const random = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const counts: Record<string, number> = {};
  const count = (name: string) => void (counts[name] = (counts[name] ?? 0) + 1);

  let state: ControllerState = initialState({ settings: SETTINGS, host: host(true) });
  let now = T0;
  let alarm: number | null = null;
  let events = 0;
  let observed = 0;
  let uniqueApps = 0;
  let maxPending = 0;
  let maxVerdicts = 0;
  let lastVerdictCount = 0;
  let lastFailureCount = 0;
  let maxFailures = 0;
  let lastNudgeAt = new Map<number, number>();
  const inbox: Delivery[] = [];

  const fail = (message: string): never => {
    throw new SoakFailure(`soak seed 0x${seed.toString(16)} event ${events} at +${now - T0} ms: ${message}`);
  };

  /** What a host does with a launched judge or nudge: answers soon, late (after the deadline), or never. */
  const schedule = (effect: ControllerEffect): void => {
    if (effect.type === 'runJudge') {
      count('judges launched');
      const fate = random();
      if (fate < 0.15) return count('judges never answered');
      const late = fate > 0.85;
      if (late) count('judges answered late');
      const at = now + (late ? effect.timeoutMs + int(5_001, 120_000) : int(50, effect.timeoutMs));
      const base = { at, sessionId: effect.sessionId, launch: effect.launch, key: effect.key, app: effect.app };
      const event: ControllerEvent =
        random() < 0.2
          ? { type: 'judgeFailed', backend: 'claude', ...base, error: pick(['timeout', 'auth', 'host disconnected']) }
          : { type: 'judgeSucceeded', backend: 'claude', ...base, drifting: random() < 0.5, reason: `judged ${effect.app}` };
      inbox.push({ at, event });
    } else if (effect.type === 'runNudge') {
      count('nudges launched');
      const previous = lastNudgeAt.get(effect.sessionId);
      if (previous !== undefined && now - previous < NUDGE_INTERVAL_MS) fail(`two nudges ${now - previous} ms apart`);
      lastNudgeAt.set(effect.sessionId, now);
      if (random() < 0.15) return count('nudges never answered');
      const at = now + (random() < 0.2 ? effect.timeoutMs + int(1, 60_000) : int(50, effect.timeoutMs));
      const base = { at, sessionId: effect.sessionId, stretch: effect.stretch };
      const event: ControllerEvent =
        random() < 0.2
          ? { type: 'nudgeFailed', backend: 'claude', ...base, error: 'api_error' }
          : { type: 'nudgeSucceeded', backend: 'claude', ...base, message: random() < 0.5 ? '' : `advice ${int(0, 3)}` };
      inbox.push({ at, event });
    } else if (effect.type === 'armAlarm') {
      alarm = effect.at;
    }
  };

  const apply = (event: ControllerEvent): ControllerState => {
    const before = state;
    const step = transition(state, event);
    state = step.state;
    events++;
    count(event.type);
    for (const effect of step.effects) schedule(effect);
    check(before, event);
    return before;
  };

  const check = (before: ControllerState, event: ControllerEvent): void => {
    const d = state.drift;
    const view = surfaceView(state);
    if (d.recentTitles.length > RECENT_TITLES) fail(`ring holds ${d.recentTitles.length}`);
    // Counting keys is the costly part of the checks: only when the cache object changed.
    const verdicts = d.verdicts === before.drift.verdicts ? lastVerdictCount : Object.keys(d.verdicts).length;
    lastVerdictCount = verdicts;
    if (verdicts > VERDICT_CACHE_LIMIT) fail(`verdict cache holds ${verdicts}`);
    const pending = Object.entries(d.pendingJudges);
    if (pending.length > PENDING_JUDGES_BOUND) fail(`${pending.length} pending judges`);
    maxPending = Math.max(maxPending, pending.length);
    const failures = d.judgeFailures === before.drift.judgeFailures ? lastFailureCount : Object.keys(d.judgeFailures).length;
    lastFailureCount = failures;
    if (failures > FAILURES_BOUND) fail(`${failures} remembered judge failures`);
    maxFailures = Math.max(maxFailures, failures);
    maxVerdicts = Math.max(maxVerdicts, verdicts);
    for (const [app, p] of pending) {
      if (p.expiresAt > now + AI_TIMEOUT_MS + HOST_TIMEOUT_GRACE_MS) fail(`judge for ${app} expires too late (${p.expiresAt - now} ms)`);
    }
    if (state.phase === 'active') {
      // `checking` only while a judge for the current app is pending or due.
      if (d.status === 'checking') {
        const key = d.current ? appKey(d.current.app) : '';
        if (!(d.judgeDue?.app === key || d.pendingJudges[key])) fail(`checking ${key} with no judge pending or due`);
      }
      // Every pending judge and due debounce has an alarm that fires no later than it must.
      const due = [...pending.map(([, p]) => p.expiresAt), ...(d.judgeDue ? [d.judgeDue.at] : [])];
      if (due.length && (alarm === null || alarm > Math.max(Math.min(...due), now + 500))) {
        fail(`alarm ${alarm === null ? 'unset' : alarm - now} ms away but a judge is due in ${Math.min(...due) - now} ms`);
      }
      if (event.type === 'ticked') {
        const stale = pending.filter(([, p]) => p.expiresAt <= event.at);
        if (stale.length) fail(`ticked but ${stale.length} expired judge(s) still pending`);
      }
    }
    if (event.type === 'sessionStarted' || event.type === 'sessionEnded') {
      if (view.nudge) fail(`nudge "${view.nudge.message}" survived a session change`);
      if (view.banner && !/blocked list/.test(view.banner.reason)) fail(`reason "${view.banner.reason}" survived a session change`);
      if (event.type === 'sessionEnded' && (view.status !== 'unknown' || view.session || view.banner))
        fail('ended session still shows drift');
    }
    // Answers for another session (or a superseded judge/nudge) change nothing but the log.
    const beforeSession = sessionOf(before);
    if (
      (event.type === 'judgeSucceeded' ||
        event.type === 'judgeFailed' ||
        event.type === 'nudgeSucceeded' ||
        event.type === 'nudgeFailed') &&
      event.sessionId !== beforeSession?.id
    ) {
      if (state.drift !== before.drift || sessionOf(state) !== beforeSession)
        fail(`${event.type} of session ${event.sessionId} changed session ${beforeSession?.id}`);
      count('stale answers dropped');
    }
  };

  const startInput = () => ({
    commitment: { nextAction: `task ${int(0, 99)}`, successCondition: 'done' },
    allowed: ALLOWED,
    blocked: BLOCKED,
    ...(random() < 0.3 ? { timeboxMinutes: int(1, 90) } : {}),
  });

  apply({ type: 'sessionStarted', at: now, input: startInput() });
  while (observed < observations) {
    // Time passes: mostly seconds, sometimes minutes, now and then a long absence.
    const r = random();
    now += r < 0.7 ? int(0, 5_000) : r < 0.97 ? int(5_000, 60_000) : int(60_000, 20 * 60_000);
    // Answers that are due arrive, in order; then the alarm fires if it is due.
    inbox.sort((a, b) => a.at - b.at);
    while (inbox.length && inbox[0]!.at <= now) {
      const { event } = inbox.shift()!;
      apply({ ...event, at: now } as ControllerEvent);
    }
    if (alarm !== null && alarm <= now) apply({ type: 'ticked', at: now });

    // Every other 10 000 observations is one long session over many new sites, which fills the verdict cache.
    const marathon = Math.floor(observed / 10_000) % 2 === 1;
    const roll = marathon ? Math.min(random(), 0.92) : random();
    if (roll < 0.9) {
      observed++;
      const which = random();
      const fresh = marathon ? 0.4 : 0.85;
      const app = which < 0.3 ? pick(ALLOWED) : which < 0.4 ? pick(BLOCKED) : which < fresh ? pick(SITES) : `fresh${uniqueApps++}.test`;
      const source = app === 'code' || app === 'slack' ? 'os' : 'tab';
      apply({ type: 'observed', observation: { source, app, title: `${app} page ${int(0, 40)}`, at: now } });
    } else if (roll < 0.93) {
      const available = random() < 0.6;
      count(available ? 'host reconnects' : 'host disconnects');
      apply({ type: 'hostStatusChanged', at: now, host: host(available) });
    } else if (roll < 0.95) {
      apply({ type: state.phase === 'paused' ? 'sessionResumed' : 'sessionPaused', at: now });
    } else if (roll < 0.96) {
      apply({ type: 'sessionEnded', at: now });
    } else if (roll < 0.975) {
      apply({ type: 'sessionStarted', at: now, input: startInput() });
    } else if (roll < 0.985) {
      apply({ type: pick(['onTaskChosen', 'backToTaskChosen'] as const), at: now });
    } else if (roll < 0.993) {
      apply({ type: 'bannerDismissed', at: now, episode: state.drift.driftEpisode - int(0, 1) });
    } else {
      // A service-worker restart (drift state kept) or a browser restart (drift state dropped).
      const keep = random() < 0.5;
      count(keep ? 'worker restarts' : 'browser restarts');
      apply({
        type: 'stateRestored',
        at: now,
        settings: state.settings,
        session: sessionOf(state),
        drift: keep ? state.drift : null,
        lastSessionId: state.lastSessionId,
      });
      if (!keep) lastNudgeAt = new Map();
      alarm = nextDeadline(state, now);
    }
  }
  return {
    seed,
    events,
    observations: observed,
    counts,
    maxPendingJudges: maxPending,
    maxVerdicts,
    maxJudgeFailures: maxFailures,
    simulatedHours: (now - T0) / 3_600_000,
  };
}

export function describeSoak(report: SoakReport, ms: number): string {
  const interesting = [
    'judges launched',
    'judges answered late',
    'judges never answered',
    'nudges launched',
    'nudges never answered',
    'stale answers dropped',
    'host disconnects',
    'sessionStarted',
    'sessionEnded',
    'sessionPaused',
    'ticked',
    'worker restarts',
    'browser restarts',
  ];
  return (
    `soak: ${report.observations} observations, ${report.events} events, seed 0x${report.seed.toString(16).toUpperCase()}, ` +
    `${report.simulatedHours.toFixed(0)} simulated hours, ${ms} ms; ` +
    interesting.map((k) => `${k} ${report.counts[k] ?? 0}`).join(', ') +
    `; max pending judges ${report.maxPendingJudges}, max verdicts ${report.maxVerdicts}/${VERDICT_CACHE_LIMIT}, max remembered failures ${report.maxJudgeFailures}`
  );
}

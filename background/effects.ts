// Runs the controller's effects against the browser, storage and the AI roles, feeding results back as events.
import { browser } from 'wxt/browser';
import type { AIRoles } from '../shared/ai';
import type { ControllerEffect } from '../shared/core/controller';
import { HOST_TIMEOUT_GRACE_MS } from '../shared/protocol/frames';
import { describeFailure, failureLine } from './ai';
import type { Shell } from './shell';
import { DRIFT_ANSWERS, NOTIFICATION_PREFIX, notify } from './notifications';
import * as store from './store';
import { errorText } from '../shared/util/error-text';

export const TICK_ALARM = 'antidrift-tick';
/** Deadlines closer than this also get an in-memory timer: alarms may be clamped to 30 s. */
const PRECISE_TIMER_WINDOW_MS = 60_000;

type EffectOf<T extends ControllerEffect['type']> = Extract<ControllerEffect, { type: T }>;

export interface EffectDeps {
  shell: () => Shell;
  roles: AIRoles;
  now(): number;
}

let preciseTimer: ReturnType<typeof setTimeout> | undefined;

function armAlarm(deps: EffectDeps, at: number | null): void {
  clearTimeout(preciseTimer);
  if (at === null) {
    void browser.alarms.clear(TICK_ALARM);
    return;
  }
  // The alarm survives the service worker's death; the timer is only for sub-30-second precision.
  void browser.alarms.create(TICK_ALARM, { when: at });
  const delay = at - deps.now();
  if (delay < PRECISE_TIMER_WINDOW_MS) {
    preciseTimer = setTimeout(() => void deps.shell().send({ type: 'ticked', at: deps.now() }), Math.max(0, delay));
  }
}

/** The AI call gets the run's timeout plus the host's grace: the host's own timeout answers first. */
const aiSignal = (timeoutMs: number) => AbortSignal.timeout(timeoutMs + HOST_TIMEOUT_GRACE_MS);

function runJudge(deps: EffectDeps, e: EffectOf<'runJudge'>): void {
  const started = deps.now();
  const { sessionId, launch, app } = e;
  deps.roles.judge
    .judge(e.commitment, e.title, app, aiSignal(e.timeoutMs), e.source)
    .then((verdict) => {
      const shell = deps.shell();
      shell.diagnostics.add(
        'info',
        `judge ${app}: ${verdict.drifting ? `drifting — ${verdict.reason}` : 'on task'} (${deps.now() - started} ms)`,
      );
      void shell.send({ type: 'judgeSucceeded', at: deps.now(), sessionId, launch, app, ...verdict });
    })
    .catch((error: unknown) => {
      const shell = deps.shell();
      const error_ = failureLine(describeFailure(error, shell.state.host));
      void shell.send({ type: 'judgeFailed', at: deps.now(), sessionId, launch, app, error: error_ });
    });
}

function runNudge(deps: EffectDeps, e: EffectOf<'runNudge'>): void {
  const { sessionId, stretch } = e;
  deps.roles.nudger
    .nudge(e.commitment, e.titles, aiSignal(e.timeoutMs))
    .then((message) => {
      const shell = deps.shell();
      shell.diagnostics.add('info', `nudge: ${message ? message : 'on track'}`);
      void shell.send({ type: 'nudgeSucceeded', at: deps.now(), sessionId, stretch, message });
    })
    .catch((error: unknown) => {
      const shell = deps.shell();
      const failure = describeFailure(error, shell.state.host);
      void shell.send({ type: 'nudgeFailed', at: deps.now(), sessionId, stretch, error: `${failure.kind}: ${failure.message}` });
    });
}

async function focusPlace(e: EffectOf<'focusPlace'>): Promise<void> {
  const ref = e.observation.ref;
  if (!ref) return;
  await browser.tabs.update(ref.tabId, { active: true });
  await browser.windows.update(ref.windowId, { focused: true });
}

/**
 * Runs one effect. Writes return their promise, which rejects when the write failed (after saying
 * so in diagnostics), so a request that promises durability can tell; everything else only reports.
 */
export function runEffect(deps: EffectDeps, effect: ControllerEffect): Promise<void> | void {
  const shell = deps.shell();
  const failed = (what: string) => (error: unknown) => {
    shell.diagnostics.add('error', `${what} failed: ${errorText(error)}`);
  };
  const write = (what: string, work: Promise<void>) =>
    work.catch((error: unknown) => {
      failed(what)(error);
      throw error;
    });
  switch (effect.type) {
    case 'runJudge':
      return runJudge(deps, effect);
    case 'runNudge':
      return runNudge(deps, effect);
    case 'armAlarm':
      return armAlarm(deps, effect.at);
    case 'saveSession':
      return write('saving the session', store.saveSession(effect.session, effect.lastSessionId));
    case 'saveDrift':
      return write('saving drift state', store.saveDrift(effect.drift));
    case 'saveSettings':
      return write('saving the settings', store.saveSettings(effect.settings));
    case 'focusPlace':
      void focusPlace(effect).catch(failed('returning to the task tab'));
      return;
    case 'notifyDrift':
      shell.diagnostics.add('info', `drift in ${effect.app}: ${effect.reason}`);
      void notify(`${NOTIFICATION_PREFIX}${effect.episode}`, `Drifting? ${effect.app}`, effect.reason, DRIFT_ANSWERS).catch(
        failed('the drift notification'),
      );
      return;
    case 'notifyTimeboxEnded':
      void notify('antidrift-timebox', 'Timebox over', `Time is up for: ${effect.commitment}`).catch(failed('the timebox notification'));
      return;
    case 'log':
      shell.diagnostics.add(effect.level, effect.message);
      return;
  }
}

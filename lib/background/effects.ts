// Runs the controller's effects against the browser, storage and the AI roles, feeding results back.
import { browser } from 'wxt/browser';
import type { AIRoles } from '../../shared/ai';
import type { ControllerEffect } from '../../shared/controller';
import { normalizeList } from '../../shared/match';
import { describeFailure } from './ai';
import type { Shell } from './shell';
import * as store from './store';

export const TICK_ALARM = 'antidrift-tick';
/** Deadlines closer than this also get an in-memory timer: alarms may be clamped to 30 s. */
const PRECISE_TIMER_WINDOW_MS = 60_000;
export const NOTIFICATION_PREFIX = 'antidrift-drift-';

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
    preciseTimer = setTimeout(() => deps.shell().whenReady(() => deps.shell().dispatch({ type: 'ticked', at: deps.now() })), Math.max(0, delay));
  }
}

function runJudge(deps: EffectDeps, e: Extract<ControllerEffect, { type: 'runJudge' }>): void {
  const started = deps.now();
  deps.roles.judge
    .judge(e.commitment, e.title, e.app, AbortSignal.timeout(e.timeoutMs + 5_000), e.source)
    .then((verdict) => {
      deps.shell().diagnostics.add('info', `judge ${e.app}: ${verdict.drifting ? `drifting — ${verdict.reason}` : 'on task'} (${deps.now() - started} ms)`);
      deps.shell().whenReady(() =>
        deps.shell().dispatch({ type: 'judgeSucceeded', at: deps.now(), sessionId: e.sessionId, gen: e.gen, app: e.app, ...verdict }),
      );
    })
    .catch((error: unknown) => {
      const failure = describeFailure(error, deps.shell().channelStatus);
      const error_ = `${failure.kind}: ${failure.message}${failure.hint ? ` (${failure.hint})` : ''}`;
      deps.shell().whenReady(() =>
        deps.shell().dispatch({ type: 'judgeFailed', at: deps.now(), sessionId: e.sessionId, gen: e.gen, app: e.app, error: error_ }),
      );
    });
}

function runNudge(deps: EffectDeps, e: Extract<ControllerEffect, { type: 'runNudge' }>): void {
  deps.roles.nudger
    .nudge(e.commitment, e.titles, AbortSignal.timeout(e.timeoutMs + 5_000))
    .then((message) => {
      deps.shell().diagnostics.add('info', `nudge: ${message ? message : 'on track'}`);
      deps.shell().whenReady(() =>
        deps.shell().dispatch({ type: 'nudgeSucceeded', at: deps.now(), sessionId: e.sessionId, epoch: e.epoch, message }),
      );
    })
    .catch((error: unknown) => {
      const failure = describeFailure(error, deps.shell().channelStatus);
      deps.shell().whenReady(() =>
        deps.shell().dispatch({ type: 'nudgeFailed', at: deps.now(), sessionId: e.sessionId, epoch: e.epoch, error: `${failure.kind}: ${failure.message}` }),
      );
    });
}

async function rememberAllowed(deps: EffectDeps, entry: string): Promise<void> {
  const shell = deps.shell();
  const s = shell.settings;
  shell.settings = {
    ...s,
    allowed: normalizeList([...s.allowed, entry]),
    addedFromBanner: normalizeList([...s.addedFromBanner, entry]),
  };
  await store.saveSettings(shell.settings);
}

async function focusPlace(e: Extract<ControllerEffect, { type: 'focusPlace' }>): Promise<void> {
  const ref = e.observation.ref;
  if (!ref) return;
  await browser.tabs.update(ref.tabId, { active: true });
  await browser.windows.update(ref.windowId, { focused: true });
}

async function notify(id: string, title: string, message: string, withButtons: boolean): Promise<void> {
  const options = {
    type: 'basic' as const,
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
    priority: 1,
    ...(withButtons ? { buttons: [{ title: 'Back to task' }, { title: 'This is on task' }] } : {}),
  };
  try {
    await browser.notifications.create(id, options);
  } catch {
    // Firefox has no notification buttons: say it without them rather than not at all.
    const { buttons: _unused, ...plain } = options as typeof options & { buttons?: unknown };
    await browser.notifications.create(id, plain);
  }
}

export function runEffect(deps: EffectDeps, effect: ControllerEffect): void {
  const shell = deps.shell();
  const report = (what: string) => (error: unknown) =>
    shell.diagnostics.add('error', `${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  switch (effect.type) {
    case 'runJudge':
      return runJudge(deps, effect);
    case 'runNudge':
      return runNudge(deps, effect);
    case 'armAlarm':
      return armAlarm(deps, effect.at);
    case 'saveSession':
      void store.saveSession(effect.session, effect.lastSessionId).catch(report('saving the session'));
      return;
    case 'saveVolatile':
      void store.saveVolatile(effect.volatile).catch(report('saving drift state'));
      return;
    case 'rememberAllowed':
      void rememberAllowed(deps, effect.entry).catch(report('saving the allowed list'));
      return;
    case 'focusPlace':
      void focusPlace(effect).catch(report('returning to the task tab'));
      return;
    case 'notifyDrift':
      shell.diagnostics.add('info', `drift in ${effect.app}: ${effect.reason}`);
      void notify(`${NOTIFICATION_PREFIX}${effect.episode}`, `Drifting? ${effect.app}`, effect.reason, true).catch(report('the drift notification'));
      return;
    case 'notifyTimeboxEnded':
      void notify('antidrift-timebox', 'Timebox over', `Time is up for: ${effect.commitment}`, false).catch(report('the timebox notification'));
      return;
    case 'log':
      shell.diagnostics.add(effect.level, effect.message);
      return;
  }
}

// Runs the controller's effects against the browser, storage and the AI roles, feeding results back as events.
import { browser } from 'wxt/browser';
import type { AIRoles } from '../shared/ai';
import type { ControllerEffect, ControllerEvent, ObservationRecord } from '../shared/core/controller';
import type { Blocking } from '../shared/core/session-blocking';
import type { AITarget } from '../shared/core/ai-targets';
import type { SessionSettings } from '../shared/core/session-settings';
import type { Settings } from '../shared/settings/stored-settings';
import { failureText } from '../shared/core/failure-text';
import { failureOf } from './ai/failure-words';
import { aiSignal } from './ai/ai-signal';
import type { Diagnostics } from './diagnostics';
import { DRIFT_ANSWERS, NOTIFICATION_PREFIX, notify } from './notifications';
import * as store from './store';
import { errorText } from '../shared/util/error-text';
import { formatClockTime } from '../shared/util/clock-time';

export const TICK_ALARM = 'antidrift-tick';
/** Deadlines closer than this also get an in-memory timer: alarms may be clamped to 30 s. */
const PRECISE_TIMER_WINDOW_MS = 60_000;

type EffectOf<T extends ControllerEffect['type']> = Extract<ControllerEffect, { type: T }>;

export interface EffectDeps {
  /** Feeds a result back to the controller (the shell's own `send`). */
  send(event: ControllerEvent): void;
  diagnostics: Diagnostics;
  /** The AI roles on the backend and model an effect was launched with. */
  rolesOn(target: AITarget, timeoutMs: number): AIRoles;
  /** Applies the away threshold (the idle API; nothing where the browser has none). */
  watchAway(afterSeconds: number, askNow: boolean): void;
  now(): number;
  /** Blocks a strict session's sites in the browser (null: nothing), resolving once the rules are in place. */
  applyBlocking(blocking: Blocking | null): Promise<unknown>;
  /** Merges the session's part of the settings into the whole record, which is what gets stored. */
  mergeSettings(part: SessionSettings): Settings;
  /** Puts a tab on the Later list and closes it (the Later feature's adapter). */
  saveForLater(place: ObservationRecord, sessionId: number | null): Promise<unknown>;
}

let preciseTimer: ReturnType<typeof setTimeout> | undefined;

/** "14:05": a moment as the person's clock shows it. */
function clockOf(at: number): string {
  const d = new Date(at);
  return formatClockTime(d.getHours() * 60 + d.getMinutes());
}

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
    preciseTimer = setTimeout(() => deps.send({ type: 'ticked', at: deps.now() }), Math.max(0, delay));
  }
}

function runJudge(deps: EffectDeps, e: EffectOf<'runJudge'>): void {
  const started = deps.now();
  const { sessionId, launch, key, app, target } = e;
  const { backend } = target;
  // Diagnostics name the site: a page's address stays in the drift state, on this computer.
  const what = key === app ? app : `a page of ${app}`;
  deps
    .rolesOn(target, e.timeoutMs)
    .judge(e.commitment, e.title, app, aiSignal(e.timeoutMs), e.source)
    .then((verdict) => {
      const took = deps.now() - started;
      deps.diagnostics.add(
        'info',
        `judge ${what} (${backend}): ${verdict.drifting ? `drifting — ${verdict.reason}` : 'on task'} (${took} ms)`,
      );
      deps.send({ type: 'judgeSucceeded', at: deps.now(), sessionId, launch, key, app, backend, ...verdict });
    })
    .catch((error: unknown) => {
      deps.send({
        type: 'judgeFailed',
        at: deps.now(),
        sessionId,
        launch,
        key,
        app,
        backend,
        error: failureText(failureOf(error, backend)),
      });
    });
}

function runNudge(deps: EffectDeps, e: EffectOf<'runNudge'>): void {
  const { sessionId, stretch, target } = e;
  const { backend } = target;
  deps
    .rolesOn(target, e.timeoutMs)
    .nudge(e.commitment, e.titles, aiSignal(e.timeoutMs))
    .then((message) => {
      deps.diagnostics.add('info', `nudge (${backend}): ${message ? message : 'on track'}`);
      deps.send({ type: 'nudgeSucceeded', at: deps.now(), sessionId, stretch, backend, message });
    })
    .catch((error: unknown) => {
      deps.send({ type: 'nudgeFailed', at: deps.now(), sessionId, stretch, backend, error: failureText(failureOf(error, backend)) });
    });
}

export async function focusPlace(place: ObservationRecord): Promise<void> {
  const ref = place.ref;
  if (!ref) return;
  await browser.tabs.update(ref.tabId, { active: true });
  await browser.windows.update(ref.windowId, { focused: true });
}

/** A repeat is the same episode's notification again: cleared first, so the browser shows it anew rather than updating it quietly. */
async function notifyDrift(e: EffectOf<'notifyDrift'>): Promise<void> {
  const id = `${NOTIFICATION_PREFIX}${e.episode}`;
  if (e.repeat) await browser.notifications.clear(id);
  await notify(id, `Drifting? ${e.app}`, e.reason, DRIFT_ANSWERS);
}

/**
 * Runs one effect. Writes return their promise, which rejects when the write failed (after saying
 * so in diagnostics), so a request that promises durability can tell; everything else only reports.
 */
export function runEffect(deps: EffectDeps, effect: ControllerEffect): Promise<void> | void {
  const failed = (what: string) => (error: unknown) => {
    deps.diagnostics.add('error', `${what} failed: ${errorText(error)}`);
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
      return write('saving the settings', store.saveSettings(deps.mergeSettings(effect.settings)));
    case 'focusPlace':
      void focusPlace(effect.observation).catch(failed('returning to the task tab'));
      return;
    case 'notifyDrift':
      deps.diagnostics.add('info', `drift in ${effect.app}${effect.repeat ? ' (still, strict session)' : ''}: ${effect.reason}`);
      void notifyDrift(effect).catch(failed('the drift notification'));
      return;
    case 'setBlocking':
      // The adapter says its problems in diagnostics; the promise settles once the rules are in place.
      return deps.applyBlocking(effect.blocking).then(() => undefined);
    case 'notifyTimeboxEnded':
      void notify('antidrift-timebox', 'Timebox over', `Time is up for: ${effect.commitment}`).catch(failed('the timebox notification'));
      return;
    case 'notifyBreakStarted':
      void notify(
        'antidrift-rhythm',
        `Break — back at ${clockOf(effect.endsAt)}`,
        `${effect.minutes} minutes off from: ${effect.commitment}`,
      ).catch(failed('the break notification'));
      return;
    case 'notifyBreakEnded':
      // The same id as the break's: the "Back to" replaces a break notice still on screen.
      void notify('antidrift-rhythm', 'Break over', `Back to: ${effect.nextAction}`).catch(failed('the break-over notification'));
      return;
    case 'watchAway':
      return deps.watchAway(effect.afterSeconds, effect.askNow);
    case 'saveForLater':
      void deps.saveForLater(effect.observation, effect.sessionId).catch(failed('saving the tab for later'));
      return;
    case 'log':
      deps.diagnostics.add(effect.level, effect.message);
      return;
  }
}

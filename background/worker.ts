// What every subsystem's wiring is given: the clock, diagnostics, the shell and its transitions, the alarms, the state's return — and the hydration that ends the start.
import { browser } from 'wxt/browser';
import type { AIRoles } from '../shared/ai';
import type { AITarget } from '../shared/core/ai-targets';
import type { ControllerEvent, ControllerState, ObservationRecord } from '../shared/core/controller';
import type { Settings } from '../shared/settings/stored-settings';
import { SettingsRecord } from './settings-record';
import type { Blocking } from '../shared/core/session-blocking';
import { errorText } from '../shared/util/error-text';
import { AlarmRouter } from './alarm-router';
import { NotificationRouter } from './notification-router';
import { paintBadge } from './badge-painter';
import { Diagnostics } from './diagnostics';
import { runEffect } from './effects';
import type { BackgroundPlatform } from './platform';
import { Shell } from './shell';
import { markWorker, WORKER_MARKS } from './start-marks';
import { StatePorts } from './state-ports';
import { TabBadges } from './tab-badges';
import * as store from './store';

type Loaded = Awaited<ReturnType<typeof store.loadAll>>;
type TransitionObserver = (before: ControllerState, after: ControllerState, event: ControllerEvent) => void;

/** What the controller's effects reach outside the shell; each subsystem fills in its own while it is wired. */
export interface EffectPorts {
  rolesOn(target: AITarget, timeoutMs: number): AIRoles;
  watchAway(afterSeconds: number, askNow: boolean): void;
  applyBlocking(blocking: Blocking | null): Promise<unknown>;
  /** The settings are stored locally (sync hears of it then). */
  settingsStored(settings: Settings): void;
  /** Puts a tab on the Later list and closes it. */
  saveForLater(place: ObservationRecord, sessionId: number | null): Promise<unknown>;
}

export interface Worker {
  readonly platform: BackgroundPlatform;
  now(): number;
  /** This extension's ID and origin (`chrome-extension://…/`): who may send it privileged messages. */
  readonly extensionId: string;
  readonly extensionOrigin: string;
  readonly diagnostics: Diagnostics;
  /** A catch handler that says in diagnostics what failed. */
  warn(what: string): (error: unknown) => void;
  readonly shell: Shell;
  send(event: ControllerEvent): void;
  /** The whole settings record (the controller holds only the session's part): what the features read. */
  readonly settings: SettingsRecord;
  /** A whole record saved (Options, an import, sync): kept, and the controller told; resolves once it is stored. */
  saveSettings(record: Settings): Promise<void>;
  readonly ports: StatePorts;
  readonly alarms: AlarmRouter;
  /** Who answers a click on a notification, by its id's prefix: each subsystem owns its own prefixes. */
  readonly notifications: NotificationRouter;
  readonly effects: EffectPorts;
  /** Settles once the stored state is back and applied and every subsystem has had its first look: listeners wait for it before they act. */
  readonly ready: Promise<void>;
  /**
   * Settles once the controller's state is back, a task before `ready`: what the event that woke the
   * worker waits for, so its badge is not queued behind the subsystems' first reads.
   */
  readonly hydrated: Promise<void>;
  /** Sees every applied transition, in the order the subsystems were wired (cheap; a throw is caught by the shell). */
  onTransition(observer: TransitionObserver): void;
  /** Runs with what was stored before the controller's state is applied (a subsystem's own memory). */
  onLoaded(restore: (loaded: Loaded) => void): void;
  /** Runs once the state is back, in the order the subsystems were wired (their first look). */
  whenReady(start: (loaded: Loaded) => void): void;
}

/** The timers the channel and the recorder are given (fakes in their tests). */
export const timers = {
  setTimer: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
  clearTimer: (handle: unknown): void => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function debounce<T>(fn: (value: T) => void, ms: number): (value: T) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (value) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(value), ms);
  };
}

const unwired = (port: string) => () => {
  throw new Error(`no subsystem wired the ${port} effect port`);
};

/** The worker's core: its diagnostics, the pages' ports, the shell running the controller, the alarm router. */
export function createWorker(platform: BackgroundPlatform): Worker & { hydrate(): void } {
  const { now } = platform;
  store.identifyRelease(platform.extensionVersion);
  const saveDiagnostics = debounce(
    (entries: Parameters<typeof store.saveDiagnostics>[0]) => void store.saveDiagnostics(entries).catch(() => {}),
    500,
  );
  const diagnostics = new Diagnostics([], now, saveDiagnostics);
  const settings = new SettingsRecord();
  const effects: EffectPorts = {
    rolesOn: unwired('rolesOn'),
    watchAway: () => {},
    applyBlocking: unwired('applyBlocking'),
    settingsStored: () => {},
    saveForLater: unwired('saveForLater'),
  };
  const tabBadges = new TabBadges(store.saveTabBadges, (message) => diagnostics.add('warn', message));
  // A closed tab takes its badge with it; its id is forgotten (a replaced one is, when a write to it fails).
  browser.tabs.onRemoved.addListener((tabId) => tabBadges.forget(tabId));
  const transitions: TransitionObserver[] = [];
  const restores: Array<(loaded: Loaded) => void> = [];
  const starts: Array<(loaded: Loaded) => void> = [];
  const extensionId = browser.runtime.id;
  const extensionOrigin = browser.runtime.getURL('/');
  // Closing the popup during a strict session's wait is "keep going": the wait is off.
  const ports = new StatePorts(extensionId, extensionOrigin, () => {
    if (shell.state.phase !== 'idle' && shell.state.session.wait) send({ type: 'waitAbandoned', at: now() });
  });
  const shell: Shell = new Shell(
    {
      now,
      runEffect: (effect, sendResult) => {
        const done = runEffect(
          {
            send: sendResult,
            diagnostics,
            now,
            rolesOn: (target, timeoutMs) => effects.rolesOn(target, timeoutMs),
            watchAway: (seconds, ask) => effects.watchAway(seconds, ask),
            applyBlocking: (blocking) => effects.applyBlocking(blocking),
            mergeSettings: (part) => settings.merge(part),
            saveForLater: (place, sessionId) => effects.saveForLater(place, sessionId),
          },
          effect,
        );
        // The local copy first, always; sync hears of it once it is stored.
        if (effect.type === 'saveSettings')
          void Promise.resolve(done).then(
            () => effects.settingsStored(settings.current),
            () => {},
          );
        return done;
      },
      settingsRevision: () => settings.revision,
      publish: (push, changes) => {
        void paintBadge(changes);
        ports.publish(push, changes);
      },
      viewed: (view, state) => tabBadges.show(view, state.drift.current),
      observeTransition: (before, after, event) => {
        for (const observe of transitions) observe(before, after, event);
      },
    },
    diagnostics,
  );
  const send = (event: ControllerEvent) => void shell.send(event);
  let settle!: () => void;
  const ready = new Promise<void>((resolve) => (settle = resolve));
  let settleHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (settleHydrated = resolve));
  /** After the wake's own event: the saved log back, settings that had to be validated stored again, each subsystem's start. */
  const firstLook = (stored: Loaded) => {
    const saved = stored.diagnostics();
    diagnostics.restore(saved.entries);
    for (const warning of saved.warnings) diagnostics.add('warn', warning);
    // Stored with this release's fingerprint, the next wake need not build the settings' schemas again.
    const { settingsToStore } = stored;
    if (settingsToStore && settings.current === settingsToStore)
      void store
        .saveSettings(settingsToStore)
        .catch((error: unknown) => diagnostics.add('warn', `the settings could not be stored: ${errorText(error)}`));
    for (const start of starts) {
      try {
        start(stored);
      } catch (error) {
        diagnostics.add('warn', `a part of the extension did not start: ${errorText(error)}`);
      }
    }
  };
  return {
    platform,
    now,
    extensionId,
    extensionOrigin,
    diagnostics,
    warn: (what) => (error) => diagnostics.add('warn', `${what}: ${errorText(error)}`),
    shell,
    send,
    settings,
    saveSettings: (record) => shell.send({ type: 'settingsSaved', at: now(), settings: settings.replace(record) }).then(() => {}),
    ports,
    alarms: new AlarmRouter(),
    notifications: new NotificationRouter(),
    effects,
    ready,
    hydrated,
    onTransition: (observer) => void transitions.push(observer),
    onLoaded: (restore) => void restores.push(restore),
    whenReady: (start) => void starts.push(start),
    /** Reads the stored state and applies it: nothing is applied before it is back. Call once everything is wired. */
    hydrate() {
      const loading = platform.clockReady ? platform.clockReady.then(store.loadAll) : store.loadAll();
      void loading.then((stored) => {
        if (stored.tabBadges) tabBadges.restore(stored.tabBadges);
        for (const restore of restores) restore(stored);
        for (const warning of stored.warnings) diagnostics.add('warn', warning);
        const { session, drift, lastSessionId } = stored;
        shell.hydrate({ type: 'stateRestored', at: now(), settings: settings.replace(stored.settings), session, drift, lastSessionId });
        markWorker(WORKER_MARKS.hydrated);
        settleHydrated();
        // The next task: the woken worker's own event is handled first (its lookups are in flight), then the rest reads and parses.
        setTimeout(() => {
          firstLook(stored);
          settle();
        }, 0);
      });
    },
  };
}

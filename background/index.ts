// Wires the background: the parts, their listeners (registered synchronously), hydration, then the helper.
import { browser } from 'wxt/browser';
import type { AITarget } from '../shared/core/ai-targets';
import { errorText } from '../shared/util/error-text';
import { EXTENSION_PAGES } from '../ui/extension-pages';
import { localCalendar } from '../ui/local-calendar';
import { BrowserModel } from './ai/browser-model-port';
import { helperPort } from './ai/helper-port';
import { rolesOn, type AIPortRunners } from './ai/registry';
import { paintBadge } from './badge';
import { Diagnostics } from './diagnostics';
import { focusPlace, runEffect, TICK_ALARM } from './effects';
import { SettingsSync, SYNC_ALARM, SYNC_DELAY_MS } from './settings-sync';
import { HistoryRecorder } from './history-recorder';
import { AwayWatcher } from './idle';
import { InstallAndUpdate } from './install-and-update';
import { NativeChannel } from './native-channel';
import { notifyReview, openPopup, REVIEW_NOTIFICATION_PREFIX, routeNotificationClicks } from './notifications';
import { Observer } from './observer';
import { PLAN_ALARM, Planner } from './planner';
import { routeBlockClicks } from './block-notices';
import type { BackgroundPlatform } from './platform';
import { handleRequest, type SenderFacts } from './requests';
import { Shell } from './shell';
import { createBlocking, trackTabs } from './blocking';
import { markWorker, WORKER_MARKS } from './start-marks';
import { StatePorts } from './state-ports';
import * as store from './store';

export { browserPlatform, type BackgroundPlatform } from './platform';
export type { StatePort } from './state-ports';

export interface Background {
  shell: Shell;
  channel: NativeChannel;
  observer: Observer;
  history: HistoryRecorder;
  planner: Planner;
  ready: Promise<void>;
  settingsSync: SettingsSync;
}

function debounce<T>(fn: (value: T) => void, ms: number): (value: T) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (value) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(value), ms);
  };
}

const timers = {
  setTimer: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
  clearTimer: (handle: unknown): void => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startBackground(platform: BackgroundPlatform): Background {
  markWorker(WORKER_MARKS.evaluated);
  const { now, extensionVersion } = platform;
  const extensionId = browser.runtime.id;
  const extensionOrigin = browser.runtime.getURL('/');
  // Closing the popup during a strict session's wait is "keep going": the wait is off.
  const ports = new StatePorts(extensionId, extensionOrigin, () => {
    if (shell.state.phase !== 'idle' && shell.state.session.wait) send({ type: 'waitAbandoned', at: now() });
  });
  const saveDiagnostics = debounce(
    (entries: Parameters<typeof store.saveDiagnostics>[0]) => void store.saveDiagnostics(entries).catch(() => {}),
    500,
  );
  const diagnostics = new Diagnostics([], now, saveDiagnostics);
  const blocking = createBlocking({ diagnostics, now });
  const warn = (what: string) => (error: unknown) => diagnostics.add('warn', `${what}: ${errorText(error)}`);

  const browserModel = new BrowserModel(platform.languageModel, undefined, (message) => diagnostics.add('warn', message));
  const runners: AIPortRunners = { helper: (target) => helperPort(channel, target), browser: () => browserModel };
  const roles = (target: AITarget, timeoutMs: number) => rolesOn(runners, target, timeoutMs);
  /** The built-in model's availability changes outside us (a download, a policy): asked at start, each tick, and by Options. */
  const checkBrowserModel = async () => shell.send({ type: 'browserModelChecked', at: now(), model: await browserModel.status() });

  const history = new HistoryRecorder(
    {
      now,
      openDb: platform.openHistory,
      diagnostics,
      loadPendingReview: store.loadPendingReview,
      savePendingReview: store.savePendingReview,
      // The popup asks the review itself when it is open (or the next time it opens); otherwise a notification asks.
      onReviewPending: (review) => {
        if (!ports.popupOpen()) void notifyReview(review).catch(warn('the review notification failed'));
      },
      onReviewSettled: (key) => void browser.notifications.clear(`${REVIEW_NOTIFICATION_PREFIX}${key}`).catch(() => {}),
      calendar: localCalendar,
      ...timers,
    },
    () => ({ keepTitles: shell.state.settings.historyKeepTitles, retentionDays: shell.state.settings.historyRetentionDays }),
  );
  const shell: Shell = new Shell(
    {
      now,
      runEffect: (effect, send) => {
        const done = runEffect(
          {
            send,
            diagnostics,
            now,
            rolesOn: roles,
            watchAway: (s, ask) => away?.sync(s, ask),
            applyBlocking: (b) => blocking.apply(b),
          },
          effect,
        );
        // The local copy first, always; sync hears of it once it is stored.
        if (effect.type === 'saveSettings')
          void Promise.resolve(done).then(
            () => settingsSync.settingsStored(effect.settings),
            () => {},
          );
        return done;
      },
      publish: (push, changes) => {
        void paintBadge(changes);
        ports.publish(push, changes);
      },
      observeTransition: (before, after, event) => {
        history.observe(before, after, event);
        // The schedule may have changed, or a block may have waited for this session to end.
        if (event.type === 'settingsSaved' || (before.phase !== 'idle' && after.phase === 'idle')) void planner.wake().catch(() => {});
      },
    },
    diagnostics,
  );
  const send = (event: Parameters<Shell['send']>[0]) => void shell.send(event);
  const settingsSync = new SettingsSync({
    now,
    settings: () => shell.state.settings,
    apply: (settings) => shell.send({ type: 'settingsSaved', at: now(), settings }),
    diagnostics,
    delayMs: platform.syncDelayMs ?? SYNC_DELAY_MS,
    newInstallId: () => crypto.randomUUID(),
  });
  const planner: Planner = new Planner({
    now,
    zone: platform.timeZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    settings: () => shell.state.settings,
    sessionRunning: () => shell.state.phase !== 'idle',
    startSession: async (input) => {
      await shell.send({ type: 'sessionStarted', at: now(), input }).catch(() => {});
      if (shell.state.phase === 'idle') return false;
      observer.observeActiveTab();
      return true;
    },
    saveBlock: (block) => history.saveBlock(block),
    today: () => history.today(),
    diagnostics,
  });
  const lifecycle = new InstallAndUpdate({
    extensionVersion,
    openWelcome: () => void browser.tabs.create({ url: browser.runtime.getURL(EXTENSION_PAGES.welcome) }).catch(() => {}),
    note: (message) => diagnostics.add('info', message),
    reviseNote: (old, message) => diagnostics.revise(old, message),
    persist: (version) => store.saveDiagnostics(diagnostics.list()).then(() => store.saveVersion(version)),
  });
  const channel = new NativeChannel(
    { connect: platform.connectNative, lastError: platform.nativeError, now, extensionVersion, ...timers },
    {
      onStatus: (host) => {
        send({ type: 'hostStatusChanged', at: now(), host });
        lifecycle.hostChanged(host);
      },
      onWindow: (event) => observer.hostWindow(event),
      onWatcher: (event) =>
        diagnostics.add(
          event.state === 'failed' || event.state === 'unavailable' ? 'warn' : 'info',
          `window watcher ${event.state}${event.message ? `: ${event.message}` : ''}`,
        ),
      onInvalid: (message) => diagnostics.add('warn', message),
    },
  );
  const away = platform.idle ? new AwayWatcher(send, platform.idle, now) : null;
  if (!platform.idle) diagnostics.add('warn', 'this browser has no idle API: away time is not detected');
  const observer = new Observer(shell, now, extensionOrigin, (m) => void store.saveObserverMemory(m).catch(() => {}));
  const requests = {
    shell,
    planner,
    channel,
    history,
    checkBrowserModel,
    now,
    extensionId,
    extensionOrigin,
    rolesOn: roles,
    observeActiveTab: () => observer.observeActiveTab(),
    focusPlace,
    syncStatus: () => settingsSync.status(),
  };

  // --- listeners: all registered synchronously, before any await ---
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderFacts) =>
    ready.then(() => handleRequest(requests, message, sender)),
  );
  platform.onStatePort((port) => ports.accept(port, shell.isHydrated ? shell.snapshot() : null));
  trackTabs(blocking);
  browser.tabs.onActivated.addListener(({ tabId, windowId }) => observer.tabActivated(tabId, windowId));
  browser.tabs.onUpdated.addListener((_id, changed, tab) => observer.tabUpdated(changed, tab));
  browser.windows.onFocusChanged.addListener((windowId) => observer.windowFocused(windowId));
  const routeAlarm = (alarm: { name: string }) => {
    if (alarm.name === SYNC_ALARM) void ready.then(() => settingsSync.alarmFired());
    if (alarm.name === PLAN_ALARM) void ready.then(() => planner.wake()).catch(() => {});
    if (alarm.name !== TICK_ALARM) return;
    send({ type: 'ticked', at: now() });
    void ready.then(checkBrowserModel).catch(() => {});
  };
  browser.alarms.onAlarm.addListener(routeAlarm);
  platform.fireDueAlarms?.(routeAlarm);
  // Another browser's settings (through the browser's account), and our own writes coming back (ignored there).
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'sync') void ready.then(() => settingsSync.remoteChanged(changes));
  });
  routeBlockClicks({
    // A start refused (a template without a commitment) opens the popup, where the offer says why in words.
    start: (key) =>
      void ready
        .then(() => planner.start(key))
        .catch((error: unknown) => {
          warn('the block could not start')(error);
          void openPopup().catch(() => {});
        }),
    snooze: (key) => void ready.then(() => planner.snooze(key)).catch(() => {}),
  });
  routeNotificationClicks({ send, now, review: (key, answer) => void history.review(key, answer, '') });
  browser.runtime.onInstalled.addListener((details) => lifecycle.installed(details, channel.current));

  // --- hydration: nothing is applied before the stored state is back ---
  markWorker(WORKER_MARKS.wired);
  const loading = platform.clockReady ? platform.clockReady.then(store.loadAll) : store.loadAll();
  const ready = loading.then((loaded) => {
    if (loaded.observer) observer.restore(loaded.observer);
    diagnostics.restore(loaded.diagnostics);
    for (const warning of loaded.warnings) diagnostics.add('warn', warning);
    const { settings, session, drift, lastSessionId } = loaded;
    shell.hydrate({ type: 'stateRestored', at: now(), settings, session, drift, lastSessionId });
    markWorker(WORKER_MARKS.hydrated);
    lifecycle.restored(loaded);
    // After a browser restart nothing is current yet: look at what is on screen now.
    if (!shell.state.drift.current) observer.observeActiveTab();
    void checkBrowserModel().catch(() => {});
    void settingsSync.start();
    void planner.wake().catch(() => {});
  });
  observer.holdUntil(ready);
  if (platform.hostConnectDelayMs === undefined) channel.start();
  else void ready.then(() => setTimeout(() => channel.start(), platform.hostConnectDelayMs));
  return { shell, channel, observer, history, planner, ready, settingsSync };
}

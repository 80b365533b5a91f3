// Wires the background: listeners registered synchronously, hydration, the native channel, the ports.
import { browser } from 'wxt/browser';
import { NATIVE_HOST_NAME } from '../shared/protocol/extension-id';
import { hostRolesOn } from './ai';
import { BrowserModel, languageModelApi, type LanguageModelApi } from './browser-model';
import { createAIRoles } from '../shared/ai';
import type { AITarget } from '../shared/core/host-status';
import { BROWSER_BACKEND } from '../shared/core/vocabulary';
import { paintBadge } from './badge';
import { Diagnostics } from './diagnostics';
import { FirstInstall } from './first-install';
import { EXTENSION_PAGES } from '../ui/extension-pages';
import { runEffect, TICK_ALARM } from './effects';
import { HistoryRecorder } from './history-recorder';
import { AwayWatcher, browserIdle, type IdlePort } from './idle';
import { NativeChannel, type NativePort } from './native-channel';
import { notifyReview, REVIEW_NOTIFICATION_PREFIX, routeNotificationClicks } from './notifications';
import { Observer } from './observer';
import { handleRequest, type SenderFacts } from './requests';
import { Shell } from './shell';
import { markWorker, WORKER_MARKS } from './start-marks';
import { StatePorts, type StatePort } from './state-ports';
import * as store from './store';
import { HistoryDb } from '../storage/history-db';
import { errorText } from '../shared/util/error-text';

export type { StatePort } from './state-ports';

/** See the end of startBackground. */
const HOST_CONNECT_DELAY_MS = 250;

/** What differs between the real browser and tests: the native port, state ports, the clock. */
export interface BackgroundPlatform {
  now(): number;
  connectNative(): NativePort;
  nativeError(port: unknown): string | undefined;
  onStatePort(listener: (port: StatePort) => void): void;
  /** The history database (IndexedDB in the browser, fake-indexeddb in tests). */
  openHistory(): Promise<HistoryDb>;
  /** The idle API, or null where the browser has none. */
  idle: IdlePort | null;
  /** Connect the host this long after hydration (see the end of startBackground); undefined: at once, at start. */
  hostConnectDelayMs?: number;
  /** This extension's release (the manifest's version): the helper is told, and the two are compared. */
  extensionVersion: string;
  /** The browser's built-in model (the Prompt API's `LanguageModel`), looked up when used; undefined where there is none. */
  languageModel(): LanguageModelApi | undefined;
}

export function browserPlatform(): BackgroundPlatform {
  return {
    now: () => Date.now(),
    connectNative: () => browser.runtime.connectNative(NATIVE_HOST_NAME) as unknown as NativePort,
    nativeError: (port) => (port as { error?: { message?: string } } | undefined)?.error?.message ?? browser.runtime.lastError?.message,
    onStatePort: (listener) => browser.runtime.onConnect.addListener((port) => listener(port as unknown as StatePort)),
    openHistory: () => HistoryDb.open(),
    idle: browserIdle(),
    hostConnectDelayMs: HOST_CONNECT_DELAY_MS,
    extensionVersion: browser.runtime.getManifest().version,
    languageModel: () => languageModelApi(),
  };
}

export interface Background {
  shell: Shell;
  channel: NativeChannel;
  observer: Observer;
  history: HistoryRecorder;
  ready: Promise<void>;
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
  const { now } = platform;
  const extensionId = browser.runtime.id;
  const extensionOrigin = browser.runtime.getURL('/');
  const ports = new StatePorts(extensionId, extensionOrigin);
  const saveDiagnostics = debounce(
    (entries: Parameters<typeof store.saveDiagnostics>[0]) => void store.saveDiagnostics(entries).catch(() => {}),
    500,
  );
  const diagnostics = new Diagnostics([], now, saveDiagnostics);
  const browserModel = new BrowserModel(platform.languageModel);
  /** The roles on the backend a call was launched with: the built-in model in here, every other one through the helper. */
  const rolesOn = (target: AITarget, timeoutMs: number) =>
    target.backend === BROWSER_BACKEND ? createAIRoles(browserModel.complete) : hostRolesOn(channel, target, timeoutMs);
  /** The built-in model's availability changes outside us (a download, a policy): asked at start, each tick, and by Options. */
  const checkBrowserModel = async () => {
    const model = await browserModel.status();
    const known = shell.state.browserModel;
    if (known.availability !== model.availability || known.reason !== model.reason)
      await shell.send({ type: 'browserModelChecked', at: now(), model });
  };

  const history = new HistoryRecorder(
    {
      now,
      openDb: platform.openHistory,
      diagnostics,
      loadPendingReview: store.loadPendingReview,
      savePendingReview: store.savePendingReview,
      // The popup asks the review itself when it is open (or the next time it opens); otherwise a notification asks.
      onReviewPending: (review) => {
        if (ports.popupOpen()) return;
        void notifyReview(review).catch((error: unknown) => diagnostics.add('warn', `the review notification failed: ${errorText(error)}`));
      },
      onReviewSettled: (key) => void browser.notifications.clear(`${REVIEW_NOTIFICATION_PREFIX}${key}`).catch(() => {}),
      ...timers,
    },
    () => ({ keepTitles: shell.state.settings.historyKeepTitles, retentionDays: shell.state.settings.historyRetentionDays }),
  );
  const shell: Shell = new Shell(
    {
      now,
      runEffect: (effect, send) =>
        runEffect(
          {
            send,
            diagnostics,
            now,
            rolesOn,
            watchAway: (s, ask) => away?.sync(s, ask),
          },
          effect,
        ),
      publish: (push, previous) => {
        void paintBadge(push.view, previous);
        ports.publish(push, previous);
      },
      observeTransition: (before, after, event) => history.observe(before, after, event),
    },
    diagnostics,
  );
  const send = (event: Parameters<Shell['send']>[0]) => void shell.send(event);
  const firstInstall = new FirstInstall(
    () => void browser.tabs.create({ url: browser.runtime.getURL(EXTENSION_PAGES.welcome) }).catch(() => {}),
  );
  const channel = new NativeChannel(
    { connect: platform.connectNative, lastError: platform.nativeError, now, extensionVersion: platform.extensionVersion, ...timers },
    {
      onStatus: (host) => {
        send({ type: 'hostStatusChanged', at: now(), host });
        firstInstall.hostChanged(host);
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
  const requestContext = {
    shell,
    channel,
    rolesOn,
    checkBrowserModel,
    now,
    extensionId,
    extensionOrigin,
    observeActiveTab: () => observer.observeActiveTab(),
    history,
  };

  // --- listeners: all registered synchronously, before any await ---
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderFacts) =>
    ready.then(() => handleRequest(requestContext, message, sender)),
  );
  platform.onStatePort((port) => ports.accept(port, shell.isHydrated ? shell.snapshot() : null));
  browser.tabs.onActivated.addListener(({ tabId, windowId }) => observer.tabActivated(tabId, windowId));
  browser.tabs.onUpdated.addListener((_id, changed, tab) => observer.tabUpdated(changed, tab));
  browser.windows.onFocusChanged.addListener((windowId) => observer.windowFocused(windowId));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== TICK_ALARM) return;
    send({ type: 'ticked', at: now() });
    void ready.then(checkBrowserModel).catch(() => {});
  });
  routeNotificationClicks({ send, now, review: (key, answer) => void history.review(key, answer, '') });
  // Settings, history and the running session live in storage and IndexedDB: an update keeps them as they
  // are, and a record the new version cannot read is kept aside (store.ts), never overwritten.
  // The browser's word for an update is not always given (a folder loaded on the command line is
  // "installed" at every start): the release stored at the last start decides as well, once.
  // When the stored release is unknown (0.1.0 stored none) and the browser's word comes after, it names it.
  const UNKNOWN_RELEASE = 'an earlier version';
  let updateNote: string | undefined;
  const noteUpdate = (from: string) => {
    if (from === platform.extensionVersion) return;
    const message = `updated from ${from} to ${platform.extensionVersion}: settings, history and the running session are kept`;
    if (updateNote === undefined) diagnostics.add('info', message);
    else if (updateNote !== message && updateNote.startsWith(`updated from ${UNKNOWN_RELEASE} `)) diagnostics.revise(updateNote, message);
    else return;
    updateNote = message;
  };
  browser.runtime.onInstalled.addListener(({ reason, previousVersion }) => {
    if (reason === 'install') firstInstall.installed(channel.current);
    if (reason === 'update') noteUpdate(previousVersion ?? UNKNOWN_RELEASE);
  });

  // --- hydration: nothing is applied before the stored state is back ---
  markWorker(WORKER_MARKS.wired);
  const ready = store.loadAll().then((loaded) => {
    if (loaded.observer) observer.restore(loaded.observer);
    diagnostics.restore(loaded.diagnostics);
    for (const warning of loaded.warnings) diagnostics.add('warn', warning);
    shell.hydrate({
      type: 'stateRestored',
      at: now(),
      settings: loaded.settings,
      session: loaded.session,
      drift: loaded.drift,
      lastSessionId: loaded.lastSessionId,
    });
    markWorker(WORKER_MARKS.hydrated);
    if (loaded.lastVersion !== platform.extensionVersion) {
      if (loaded.lastVersion || loaded.hadData) noteUpdate(loaded.lastVersion ?? UNKNOWN_RELEASE);
      // The note is written before the new release is: a worker stopped in between notes it again.
      void store
        .saveDiagnostics(diagnostics.list())
        .then(() => store.saveVersion(platform.extensionVersion))
        .catch(() => {});
    }
    // After a browser restart nothing is current yet: look at what is on screen now.
    if (!shell.state.drift.current) observer.observeActiveTab();
    void checkBrowserModel().catch(() => {});
  });
  observer.holdUntil(ready);
  // The host is connected a moment after hydration, once the woken worker has painted the badge of what
  // is on screen (the event that woke it arrives meanwhile): starting the host process (a Node start) at
  // the same time made a cold tab switch → badge 2.5× slower. A judge waits longer than this anyway.
  if (platform.hostConnectDelayMs === undefined) channel.start();
  else void ready.then(() => setTimeout(() => channel.start(), platform.hostConnectDelayMs));
  return { shell, channel, observer, history, ready };
}

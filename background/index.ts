// Wires the background: the worker's core, then each subsystem wiring itself (listeners registered synchronously), then hydration.
import { browser } from 'wxt/browser';
import { wireAI } from './ai/wire-ai';
import { focusPlace, TICK_ALARM } from './effects';
import type { HistoryRecorder } from './history/history-recorder';
import { wireHistory } from './history/wire-history';
import type { NativeChannel } from './helper/native-channel';
import { wireHelper } from './helper/wire-helper';
import { ownDriftAndReviewNotifications } from './notifications';
import type { Observer } from './observe/observer';
import { wireObserver } from './observe/wire-observer';
import type { Planner } from './plan/planner';
import { wirePlan } from './plan/wire-plan';
import type { BackgroundPlatform } from './platform';
import { handleRequest } from './requests';
import type { SenderFacts } from './sender';
import type { SettingsRecord } from './settings-record';
import type { Shell } from './shell';
import { markWorker, WORKER_MARKS } from './start-marks';
import { wireStrict } from './strict/wire-strict';
import { wireLater } from './later/wire-later';
import type { SettingsSync } from './sync/settings-sync';
import { wireSync } from './sync/wire-sync';
import { createWorker } from './worker';

export { browserPlatform, type BackgroundPlatform } from './platform';
export type { StatePort } from './state-ports';

export interface Background {
  shell: Shell;
  /** The whole settings record (the shell's controller holds only the session's part). */
  settings: SettingsRecord;
  channel: NativeChannel;
  observer: Observer;
  history: HistoryRecorder;
  planner: Planner;
  ready: Promise<void>;
  settingsSync: SettingsSync;
}

export function startBackground(platform: BackgroundPlatform): Background {
  markWorker(WORKER_MARKS.evaluated);
  const worker = createWorker(platform);
  const { now, shell, send, ready } = worker;
  // Each subsystem registers its own listeners, alarms and effect ports; the order is the order they see a transition and the start.
  const history = wireHistory(worker);
  const observer = wireObserver(worker);
  wireStrict(worker);
  const channel = wireHelper(worker, observer);
  const ai = wireAI(worker, channel);
  const settingsSync = wireSync(worker);
  const planner = wirePlan(worker, history, observer);
  const later = wireLater(worker);

  // The controller's own deadline: a tick, and the AI ports that report their own status asked again.
  worker.alarms.own(TICK_ALARM, () => {
    send({ type: 'ticked', at: now() });
    void ready.then(ai.checkPorts).catch(() => {});
  });
  browser.alarms.onAlarm.addListener(worker.alarms.route);
  platform.fireDueAlarms?.(worker.alarms.route);
  const { extensionId, extensionOrigin } = worker;
  const requests = {
    shell,
    settings: worker.settings,
    saveSettings: worker.saveSettings,
    planner,
    channel,
    history,
    checkAIPorts: ai.checkPorts,
    now,
    extensionId,
    extensionOrigin,
    rolesOn: ai.rolesOn,
    observeActiveTab: () => observer.observeActiveTab(),
    focusPlace,
    syncStatus: () => settingsSync.status(),
    later,
  };
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderFacts) =>
    ready.then(() => handleRequest(requests, message, sender)),
  );
  platform.onStatePort((port) => worker.ports.accept(port, shell.isHydrated ? shell.snapshot() : null));
  ownDriftAndReviewNotifications(worker.notifications, { send, now, review: (key, answer) => void history.review(key, answer, '') });
  browser.notifications.onClicked.addListener(worker.notifications.routeClick);
  browser.notifications.onButtonClicked.addListener(worker.notifications.routeButton);

  markWorker(WORKER_MARKS.wired);
  worker.hydrate();
  return { shell, settings: worker.settings, channel, observer, history, planner, ready, settingsSync };
}

// Wires the background: the worker's core, then its own subsystems and every feature wiring itself (listeners registered synchronously), then hydration.
import { browser } from 'wxt/browser';
import { wireAI } from './ai/wire-ai';
import { focusPlace, TICK_ALARM } from './effects';
import { wireFeatures, type WiredFeatures } from './features';
import type { NativeChannel } from './helper/native-channel';
import { wireHelper } from './helper/wire-helper';
import { ownDriftNotifications } from './notifications';
import type { Observer } from './observe/observer';
import { wireObserver } from './observe/wire-observer';
import type { BackgroundPlatform } from './platform';
import { backFromBlockPage, handleRequest, type RequestContext } from './request-router';
import type { SenderFacts } from './sender';
import type { SettingsRecord } from './settings-record';
import type { Shell } from './shell';
import { markWorker, WORKER_MARKS } from './start-marks';
import { createWorker } from './worker';

export { browserPlatform, type BackgroundPlatform } from './platform';
export type { StatePort } from './state-ports';

export interface Background {
  shell: Shell;
  /** The whole settings record (the shell's controller holds only the session's part). */
  settings: SettingsRecord;
  channel: NativeChannel;
  observer: Observer;
  /** What the features offer (their stores and schedulers), for the tests and the bench. */
  features: WiredFeatures['offers'];
  ready: Promise<void>;
}

export function startBackground(platform: BackgroundPlatform): Background {
  markWorker(WORKER_MARKS.evaluated);
  const worker = createWorker(platform);
  const { now, shell, send, ready } = worker;
  // The core's own subsystems, then each feature; the order is the order they see a transition and the start.
  const observer = wireObserver(worker);
  const channel = wireHelper(worker, observer);
  const ai = wireAI(worker, channel);
  const back = (sender: SenderFacts) => backFromBlockPage({ shell, focusPlace }, sender);
  const features = wireFeatures({ worker, observer, backFromBlockPage: back });

  // The controller's own deadline: a tick, and the AI ports that report their own status asked again.
  worker.alarms.own(TICK_ALARM, () => {
    send({ type: 'ticked', at: now() });
    void ready.then(ai.checkPorts).catch(() => {});
  });
  browser.alarms.onAlarm.addListener(worker.alarms.route);
  platform.fireDueAlarms?.(worker.alarms.route);
  const { extensionId, extensionOrigin } = worker;
  const requests: RequestContext = {
    shell,
    settings: worker.settings,
    saveSettings: worker.saveSettings,
    channel,
    checkAIPorts: ai.checkPorts,
    now,
    extensionId,
    extensionOrigin,
    rolesOn: ai.rolesOn,
    observeActiveTab: () => observer.observeActiveTab(),
    focusPlace,
    startProblems: features.startProblems,
    featureHandlers: features.handlers,
  };
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderFacts) =>
    ready.then(() => handleRequest(requests, message, sender)),
  );
  platform.onStatePort((port) => worker.ports.accept(port, shell.isHydrated ? shell.snapshot() : null));
  ownDriftNotifications(worker.notifications, { send, now });
  browser.notifications.onClicked.addListener(worker.notifications.routeClick);
  browser.notifications.onButtonClicked.addListener(worker.notifications.routeButton);

  markWorker(WORKER_MARKS.wired);
  worker.hydrate();
  return { shell, settings: worker.settings, channel, observer, features: features.offers, ready };
}

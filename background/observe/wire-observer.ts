// Wires what the person looks at: tab and window events to the observer, the away watcher to the idle API.
import { browser } from 'wxt/browser';
import * as store from '../store';
import type { Worker } from '../worker';
import { AwayWatcher } from './idle';
import { Observer } from './observer';

export function wireObserver(worker: Worker): Observer {
  const { platform, now, shell, send, diagnostics } = worker;
  const observer = new Observer(shell, now, worker.extensionOrigin, (m) => void store.saveObserverMemory(m).catch(() => {}));
  const away = platform.idle ? new AwayWatcher(send, platform.idle, now) : null;
  if (!away) diagnostics.add('warn', 'this browser has no idle API: away time is not detected');
  worker.effects.watchAway = (seconds, ask) => away?.sync(seconds, ask);
  browser.tabs.onActivated.addListener(({ tabId, windowId }) => observer.tabActivated(tabId, windowId));
  browser.tabs.onUpdated.addListener((_id, changed, tab) => observer.tabUpdated(changed, tab));
  browser.windows.onFocusChanged.addListener((windowId) => observer.windowFocused(windowId));
  worker.onLoaded((loaded) => {
    if (loaded.observer) observer.restore(loaded.observer);
  });
  // After a browser restart nothing is current yet: look at what is on screen now.
  worker.whenReady(() => {
    if (!shell.state.drift.current) observer.observeActiveTab();
  });
  observer.holdUntil(worker.hydrated);
  return observer;
}

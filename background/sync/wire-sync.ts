// Wires settings sync: its alarm, other browsers' changes through storage.sync, and each local save.
import { browser } from 'wxt/browser';
import type { Worker } from '../worker';
import { SettingsSync, SYNC_ALARM, SYNC_DELAY_MS } from './settings-sync';

export function wireSync(worker: Worker): SettingsSync {
  const { now, ready } = worker;
  const sync = new SettingsSync({
    now,
    settings: () => worker.settings.current,
    apply: (settings) => worker.saveSettings(settings),
    diagnostics: worker.diagnostics,
    delayMs: worker.platform.syncDelayMs ?? SYNC_DELAY_MS,
    newInstallId: () => crypto.randomUUID(),
  });
  worker.effects.settingsStored = (settings) => sync.settingsStored(settings);
  worker.alarms.own(SYNC_ALARM, () => void ready.then(() => sync.alarmFired()));
  // Another browser's settings (through the browser's account), and our own writes coming back (ignored there).
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'sync') void ready.then(() => sync.remoteChanged(changes));
  });
  worker.whenReady(() => void sync.start());
  return sync;
}

// Wires the helper: the native channel (status to the controller, windows to the observer) and what an install or update says.
import { browser } from 'wxt/browser';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import type { Observer } from '../observe/observer';
import * as store from '../store';
import { timers, type Worker } from '../worker';
import { InstallAndUpdate } from './install-and-update';
import { NativeChannel } from './native-channel';

export function wireHelper(worker: Worker, observer: Observer): NativeChannel {
  const { platform, now, diagnostics, send } = worker;
  const { extensionVersion } = platform;
  const lifecycle = new InstallAndUpdate({
    extensionVersion,
    openWelcome: () => void browser.tabs.create({ url: browser.runtime.getURL(EXTENSION_PAGES.welcome) }).catch(() => {}),
    note: (message) => diagnostics.add('info', message),
    reviseNote: (old, message) => diagnostics.revise(old, message),
    persist: (version) => store.saveDiagnostics(diagnostics.list()).then(() => store.saveVersion(version)),
  });
  const channel = new NativeChannel(
    {
      connect: platform.connectNative,
      lastError: platform.nativeError,
      now,
      extensionVersion,
      ...timers,
      ...(platform.helperAccess ? { access: platform.helperAccess } : {}),
    },
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
  // Granted (Firefox desktop: the page's Allow, or the Add-ons Manager) or withdrawn: look again now, not at the next retry.
  platform.onHelperPermission?.(() => channel.reconnectNow());
  browser.runtime.onInstalled.addListener((details) => lifecycle.installed(details, channel.current));
  worker.whenReady((loaded) => lifecycle.restored(loaded));
  if (platform.hostConnectDelayMs === undefined) channel.start();
  else void worker.ready.then(() => setTimeout(() => channel.start(), platform.hostConnectDelayMs));
  return channel;
}

// The KDE watcher against a real headless KWin 5.27 on a private session bus, with weston-terminal windows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSessionBus, safeBusAddress, sessionBusAddress } from '../../native-host/src/dbus/session-bus.js';
import { startWatcher } from '../../native-host/src/watcher/index.js';
import { kwinCallbackWindow } from '../../native-host/src/desktops/kwin/watcher.js';
import { CALLBACK_INTERFACE, CALLBACK_METHOD, CALLBACK_PATH, KWIN_PLUGIN_NAME } from '../../native-host/src/desktops/kwin/script.js';
import { HelloReply, type WatcherEvent, type WindowEvent } from '../../shared/protocol/frames.js';
import { startKwin, type Kwin } from '../../harness/kwin.js';
import { makeHostEnv } from '../../harness/host-env.js';
import { spawnHost } from '../../harness/spawn-host.js';
import { waitFor } from '../../harness/xvfb.js';
import { watchSession } from './helpers/watch.js';

type Emitted = WindowEvent | WatcherEvent;

let kwin: Kwin;
let dataDir: string;
beforeAll(async () => {
  kwin = await startKwin();
  dataDir = mkdtempSync(join(tmpdir(), 'antidrift-kwin-data-'));
}, 40_000);
afterAll(async () => {
  await kwin?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('KWin callback arguments', () => {
  it('reads (caption, class, pid); empty is no window; wrong types are ignored', () => {
    expect(kwinCallbackWindow(['notes — Kate', 'org.kde.kate', '42'])).toEqual({ title: 'notes — Kate', app: 'org.kde.kate', pid: 42 });
    expect(kwinCallbackWindow(['', '', '0'])).toBeNull();
    expect(kwinCallbackWindow([1, 'x', '2'])).toBeUndefined();
    expect(kwinCallbackWindow(['t', 'c', 'x'])).toEqual({ title: 't', app: 'c' });
  });
});

describe('session bus addresses', () => {
  it('uses only unix: transports: a unixexec: address would make the library start a program', async () => {
    expect(safeBusAddress('unix:path=/run/user/1000/bus')).toBe('unix:path=/run/user/1000/bus');
    expect(safeBusAddress('unixexec:path=/bin/sh,argv1=-c,argv2=touch%20/tmp/pwned;unix:path=/b')).toBe('unix:path=/b');
    expect(safeBusAddress('tcp:host=evil.example,port=1')).toBeUndefined();
    expect(sessionBusAddress({ DBUS_SESSION_BUS_ADDRESS: 'unixexec:path=/bin/sh' })).toBeUndefined();
    await expect(connectSessionBus('unixexec:path=/bin/true', 1_000)).rejects.toThrow(/only unix: transports/);
    const seen: Emitted[] = [];
    const w = startWatcher({
      emit: (m) => seen.push(m),
      log: () => {},
      env: { ...kwin.env, DBUS_SESSION_BUS_ADDRESS: 'unixexec:path=/bin/true' },
      platform: 'linux',
    });
    await waitFor(() => w.info().state === 'unavailable', 'the watcher to give up');
    expect(w.info()).toMatchObject({
      kind: 'kwin',
      state: 'unavailable',
      message: expect.stringContaining('no usable DBUS_SESSION_BUS_ADDRESS'),
    });
    await w.stop();
  });
});

describe('KWin watcher under headless kwin_wayland', () => {
  it('reports activations and caption changes of the active window, once each; unloads its script on stop', async () => {
    const w = watchSession(kwin.env, { dataDir });
    try {
      await waitFor(() => w.watcher.info().state === 'running', 'kwin watcher running', 15_000);
      expect(w.watcher.info()).toMatchObject({ kind: 'kwin', why: expect.stringContaining('KDE Plasma 5') });
      expect(await kwin.loaded(KWIN_PLUGIN_NAME)).toBe(true);
      const a = await kwin.openTerminal('Alpha notes');
      const b = await kwin.openTerminal('Beta video');
      await a.activate();
      const mark = w.windows().length;
      await b.activate();
      const toB = await w.next((e) => e.title === 'Beta video', 'activation of beta', mark);
      expect(toB).toMatchObject({ app: 'org.freedesktop.weston.wayland-terminal', pid: b.proc.pid });
      await a.activate();
      await w.next((e) => e.title === 'Alpha notes', 'back to alpha', mark);
      a.setTitle('Alpha — chapter 2');
      await w.next((e) => e.title === 'Alpha — chapter 2', 'caption change of the active window');
      // The inactive window's caption, and activating the active window again: nothing.
      const before = w.windows().length;
      b.setTitle('Beta, changed in the background');
      await a.activate();
      await new Promise((r) => setTimeout(r, 400));
      expect(w.windows().slice(before)).toEqual([]);
    } finally {
      await w.watcher.stop();
    }
    expect(await kwin.loaded(KWIN_PLUGIN_NAME)).toBe(false);
  }, 60_000);

  it('refuses a callback from any bus client other than KWin', async () => {
    const w = watchSession(kwin.env, { dataDir });
    const intruder = await connectSessionBus(kwin.env.DBUS_SESSION_BUS_ADDRESS!, 5_000);
    try {
      await waitFor(() => w.watcher.info().state === 'running', 'kwin watcher running', 15_000);
      // The watcher's bus name, from the script it wrote.
      const script = readFileSync(join(dataDir, 'kwin-active-window.js'), 'utf8');
      const name = /callDBus\("(:[0-9.]+)"/.exec(script)?.[1];
      expect(name).toMatch(/^:\d+\.\d+$/);
      await expect(
        intruder.call(name!, CALLBACK_PATH, CALLBACK_INTERFACE, CALLBACK_METHOD, 'sss', ['Fake title', 'fake', '1']),
      ).rejects.toThrow(/refused/);
      expect(w.windows().some((e) => e.title === 'Fake title')).toBe(false);
    } finally {
      intruder.close();
      await w.watcher.stop();
    }
  }, 30_000);

  it('survives KWin restarting: reloads the script and reports the new session', async () => {
    const w = watchSession(kwin.env, { dataDir });
    try {
      await waitFor(() => w.watcher.info().state === 'running', 'kwin watcher running', 15_000);
      await kwin.restart();
      await waitFor(() => w.seen.some((e) => e.type === 'watcher' && e.state === 'failed'), 'the loss reported');
      await waitFor(() => w.watcher.info().state === 'running', 'running again', 20_000);
      const mark = w.windows().length;
      const c = await kwin.openTerminal('Gamma after restart');
      await c.activate();
      await w.next((e) => e.title === 'Gamma after restart', 'a window of the new KWin', mark);
    } finally {
      await w.watcher.stop();
    }
  }, 60_000);
});

describe('KWin inside the built host', () => {
  it('hello names the kwin watcher; frames arrive over native messaging; the script is gone when the host exits', async () => {
    const hostEnv = makeHostEnv(kwin.env);
    const host = spawnHost({ env: hostEnv.env });
    try {
      await host.next((m) => m.type === 'watcher' && m.state === 'running', 15_000);
      host.send({ id: 1, type: 'hello' });
      const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
      expect(hello.watcher).toMatchObject({ state: 'running', kind: 'kwin' });
      const d = await kwin.openTerminal('Delta via host');
      await d.activate();
      await host.next((m) => m.type === 'window' && m.title === 'Delta via host', 15_000);
    } finally {
      await host.close();
      hostEnv.cleanup();
    }
    expect(await kwin.loaded(KWIN_PLUGIN_NAME)).toBe(false);
  }, 40_000);
});

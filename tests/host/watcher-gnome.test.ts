// The GNOME watcher and extension against a real headless GNOME Shell 43, installed and removed by the host's own installer.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GNOME_FILE_MARKER, gnomeExtensionFiles } from '../../native-host/src/desktops/gnome/extension-source.js';
import { GNOME_EXTENSION_UUID } from '../../native-host/src/desktops/gnome/identity.js';
import { formatStringArray, parseStringArray } from '../../native-host/src/desktops/gnome/shell-tools.js';
import { gnomeIntegrationFrom, gnomeIntegrationMessage } from '../../native-host/src/desktops/gnome/states.js';
import { gnomeWindow } from '../../native-host/src/desktops/gnome/watcher.js';
import { HelloReply } from '../../shared/protocol/frames.js';
import { prepareGnome, type Gnome } from '../../harness/gnome.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { runHostCommand, spawnHost } from '../../harness/spawn-host.js';
import { waitFor } from '../../harness/xvfb.js';
import { watchSession } from './helpers/watch.js';

let gnome: Gnome;
let hostEnv: HostTestEnv;
const extensionDir = () => join(gnome.env.XDG_DATA_HOME!, 'gnome-shell', 'extensions', GNOME_EXTENSION_UUID);

beforeAll(async () => {
  gnome = await prepareGnome();
  hostEnv = makeHostEnv(gnome.env);
}, 30_000);
afterAll(async () => {
  await gnome?.stop();
  hostEnv?.cleanup();
});

describe('GNOME extension sources and settings text', () => {
  it('legacy init() for GNOME 43–44, an ES module from 45', () => {
    expect(gnomeExtensionFiles(43)['extension.js']).toMatch(/^\/\/ antidrift GNOME Shell extension[\s\S]*function init\(\)/);
    expect(gnomeExtensionFiles(44)['extension.js']).not.toContain('import ');
    expect(gnomeExtensionFiles(45)['extension.js']).toContain("from 'resource:///org/gnome/shell/extensions/extension.js'");
    // A shell newer than the list gets its own version written, or it would mark the extension out of date.
    expect(JSON.parse(gnomeExtensionFiles(53)['metadata.json'])['shell-version']).toContain('53');
    expect(JSON.parse(gnomeExtensionFiles(47)['metadata.json'])).toMatchObject({
      uuid: GNOME_EXTENSION_UUID,
      'shell-version': expect.arrayContaining(['43', '47']),
    });
  });

  it('reads and writes gsettings string arrays', () => {
    expect(parseStringArray('@as []')).toEqual([]);
    expect(parseStringArray("['a@b', 'it\\'s']")).toEqual(['a@b', "it's"]);
    expect(formatStringArray(['a@b', "it's"])).toBe("['a@b', 'it\\'s']");
    expect(() => parseStringArray('true')).toThrow(/not a string array/);
  });

  it('names every state GNOME Shell can put the extension in, with the fix that fits it', () => {
    const of = (info: Record<string, unknown>, installedOnDisk = true, userExtensionsEnabled?: boolean) =>
      gnomeIntegrationFrom({ installedOnDisk, info, userExtensionsEnabled, shellVersion: '51.0' });
    expect(of({})).toEqual({ state: 'waiting-for-login' });
    expect(of({}, false)).toEqual({ state: 'not-installed' });
    expect(of({ state: 1 })).toEqual({ state: 'active' });
    expect(of({ state: 2 })).toEqual({ state: 'disabled' });
    expect(of({ state: 6 }, true, false)).toEqual({ state: 'user-extensions-off' });
    expect(of({ state: 4 })).toEqual({ state: 'out-of-date', detail: '51.0' });
    expect(of({ state: 3, error: 'SyntaxError: x' })).toEqual({ state: 'failed', detail: 'SyntaxError: x' });
    expect(of({ state: 3, error: '' })).toEqual({ state: 'loading' });
    expect(of({ state: 99 }, false)).toEqual({ state: 'not-installed' });
    expect(of({ state: 42 })).toEqual({ state: 'unknown', detail: 'GNOME Shell reports state 42' });
    expect(gnomeIntegrationMessage({ state: 'out-of-date', detail: '51.0' })).toContain(
      'out of date for GNOME Shell 51.0: run `antidrift-host install` again',
    );
    expect(gnomeIntegrationMessage({ state: 'disabled' })).toContain('gnome-extensions enable antidrift@antidrift.dev');
  });

  it('reads the signal body; empty is no window; wrong types are ignored', () => {
    expect(gnomeWindow(['notes', 'org.gnome.TextEditor', 7])).toEqual({ title: 'notes', app: 'org.gnome.TextEditor', pid: 7 });
    expect(gnomeWindow(['', '', 0])).toBeNull();
    expect(gnomeWindow([1, '', 0])).toBeUndefined();
  });
});

describe('GNOME Shell 43 (headless), extension installed by `antidrift-host install`', () => {
  it('install writes the extension for this GNOME and enables it', async () => {
    const result = await runHostCommand(hostEnv.env, ['install', '--browser', 'chromium', '--gnome-extension']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/GNOME Shell 43, legacy format/);
    expect(readFileSync(join(extensionDir(), 'extension.js'), 'utf8').startsWith(GNOME_FILE_MARKER)).toBe(true);
    expect(parseStringArray(await gnome.gsettings('get', 'org.gnome.shell', 'enabled-extensions'))).toContain(GNOME_EXTENSION_UUID);
    await gnome.start();
  }, 60_000);

  it('reports focus and title changes once each, nothing for background titles or re-focus', async () => {
    const w = watchSession(gnome.env);
    try {
      await waitFor(() => w.watcher.info().state === 'running', 'gnome watcher running', 15_000);
      expect(w.watcher.info()).toMatchObject({ kind: 'gnome-shell', why: expect.stringContaining('GNOME') });
      const a = await gnome.openTerminal('Alpha notes');
      const b = await gnome.openTerminal('Beta video');
      await a.activate();
      await w.next((e) => e.title === 'Alpha notes', 'alpha focused');
      const mark = w.windows().length;
      await b.activate();
      const toB = await w.next((e) => e.title === 'Beta video', 'switch to beta', mark);
      expect(toB.pid).toBe(b.proc.pid);
      await a.activate();
      await w.next((e) => e.title === 'Alpha notes', 'back to alpha', mark);
      a.setTitle('Alpha — chapter 2');
      await w.next((e) => e.title === 'Alpha — chapter 2', 'title change of the focused window');
      const before = w.windows().length;
      b.setTitle('Beta, changed in the background');
      await a.activate();
      await new Promise((r) => setTimeout(r, 500));
      expect(w.windows().slice(before)).toEqual([]);
    } finally {
      await w.watcher.stop();
    }
  }, 60_000);

  it('hello from the built host names the gnome-shell watcher and window frames arrive', async () => {
    const host = spawnHost({ env: hostEnv.env });
    try {
      await host.next((m) => m.type === 'watcher' && m.state === 'running', 15_000);
      host.send({ id: 1, type: 'hello' });
      expect(HelloReply.parse(await host.next((m) => m.type === 'hello')).watcher).toMatchObject({ kind: 'gnome-shell', state: 'running' });
      const d = await gnome.openTerminal('Delta via host');
      await d.activate();
      await host.next((m) => m.type === 'window' && m.title === 'Delta via host', 15_000);
    } finally {
      await host.close();
    }
  }, 40_000);

  it('survives GNOME Shell restarting', async () => {
    const w = watchSession(gnome.env);
    try {
      await waitFor(() => w.watcher.info().state === 'running', 'running', 15_000);
      await gnome.start(); // stops the shell, starts a new one
      await waitFor(() => w.seen.some((e) => e.type === 'watcher' && e.state === 'failed'), 'the loss reported');
      await waitFor(() => w.watcher.info().state === 'running', 'running again', 20_000);
      const mark = w.windows().length;
      const c = await gnome.openTerminal('Gamma after restart');
      await c.activate();
      await w.next((e) => e.title === 'Gamma after restart', 'a window of the new shell', mark);
    } finally {
      await w.watcher.stop();
    }
  }, 60_000);

  it('uninstall removes and disables it; then the watcher and doctor say what to run', async () => {
    const result = await runHostCommand(hostEnv.env, ['uninstall']);
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(existsSync(extensionDir())).toBe(false);
    expect(parseStringArray(await gnome.gsettings('get', 'org.gnome.shell', 'enabled-extensions'))).not.toContain(GNOME_EXTENSION_UUID);
    await gnome.start(); // a new login without the extension
    const w = watchSession(gnome.env);
    try {
      await waitFor(() => w.watcher.info().state === 'failed', 'the watcher failing', 15_000);
      expect(w.watcher.info().message).toContain('GNOME Shell extension is not installed: run `antidrift-host install`');
    } finally {
      await w.watcher.stop();
    }
    const doctor = await runHostCommand(hostEnv.env, ['doctor']);
    expect(doctor.stdout).toMatch(
      /gnome ext\s+PROBLEM {2}the antidrift GNOME Shell extension is not installed: run `antidrift-host install`/,
    );
  }, 60_000);
});

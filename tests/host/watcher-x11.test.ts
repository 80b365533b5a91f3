// The X11 window watcher against a real Xvfb + openbox with real xterms and raw X11 windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import x11 from 'x11';
import type { XClient, XDisplay } from 'x11';
import type { WatcherEvent, WindowEvent } from '../../shared/protocol/frames.js';
import { startWatcher, type Watcher } from '../../native-host/src/watcher/index.js';
import { makeHostEnv } from '../../harness/host-env.js';
import { spawnHost } from '../../harness/spawn-host.js';
import { startXServer, waitFor, type XServer } from '../../harness/xvfb.js';

type Emitted = WindowEvent | WatcherEvent;

let xs: XServer;
let watcher: Watcher;
const events: Emitted[] = [];
const windows = () => events.filter((e): e is WindowEvent => e.type === 'window');
const states = () => events.filter((e): e is WatcherEvent => e.type === 'watcher');

async function windowIdOf(cls: string): Promise<string> {
  // xdotool's search walks every window and fails with BadWindow when one vanishes under it (the burst below destroys
  // windows on purpose): that is the tool's error, not the watcher's, so it looks again.
  const out = await waitFor(
    () =>
      xs
        .run('xdotool', ['search', '--sync', '--class', `^${cls}$`])
        .catch((error: unknown): Promise<string | null> | null => (/BadWindow/.test(String(error)) ? null : Promise.reject(error))),
    `a window with class ${cls}`,
  );
  const id = out.trim().split('\n')[0];
  if (!id) throw new Error(`no window with class ${cls}`);
  return id;
}

async function activate(id: string): Promise<void> {
  await xs.run('xdotool', ['windowactivate', '--sync', id]);
}

function nextWindowEvent(predicate: (e: WindowEvent) => boolean, what: string): Promise<WindowEvent> {
  return waitFor(() => windows().find(predicate), what, 20_000);
}

/** Counts window events over a short quiet period (absence of events cannot be awaited). */
async function eventsDuring(ms: number): Promise<WindowEvent[]> {
  const before = windows().length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return windows().slice(before);
}

async function startXterm(cls: string, title: string, extra: string[] = []) {
  const proc = xs.spawnClient('xterm', ['-class', cls, '-T', title, ...extra]);
  const id = await windowIdOf(cls);
  return { proc, id };
}

/** A raw client connection for windows with precisely controlled properties (no _NET_WM_PID). */
function rawConnection(display: string): Promise<XDisplay> {
  return new Promise((resolve, reject) => {
    const client = x11.createClient({ display, shm: false }, (err, d) => (err ? reject(err) : resolve(d)));
    client.on('error', () => {});
  });
}

function createRawWindow(d: XDisplay, props: { wmClass: string; name: Buffer; nameType: number }): number {
  const X = d.client as XClient & Record<string, (...args: unknown[]) => unknown>;
  const root = d.screen[0]!.root;
  const wid = (X.AllocID as () => number)();
  X.CreateWindow!(wid, root, 10, 10, 200, 100, 0, 0, 0, 0, {});
  X.ChangeProperty!(0, wid, 67, 31, 8, Buffer.from(props.wmClass, 'latin1'));
  X.ChangeProperty!(0, wid, 39, props.nameType, 8, props.name);
  X.MapWindow!(wid);
  return wid;
}

beforeAll(async () => {
  xs = await startXServer();
  watcher = startWatcher({
    emit: (m) => events.push(m),
    log: () => {},
    env: xs.env,
    platform: 'linux',
    firstRetryMs: 200,
    maxRetryMs: 1_000,
  });
  await waitFor(() => watcher.info().state === 'running', 'watcher running');
});

afterAll(async () => {
  await watcher?.stop();
  await xs?.stop();
});

describe('X11 watcher', () => {
  it('reports the active window with title, class and pid, and decodes COMPOUND_TEXT titles', async () => {
    const alpha = await startXterm('WatchAlpha', 'Alpha plain title');
    const cafe = await startXterm('WatchCafe', 'Café ☕ résumé');
    // xterm stores a non-ASCII -T title as COMPOUND_TEXT in WM_NAME with no _NET_WM_NAME.
    const props = await xs.run('xprop', ['-id', cafe.id, 'WM_NAME', '_NET_WM_NAME']);
    expect(props).toContain('WM_NAME(COMPOUND_TEXT)');
    expect(props).toMatch(/_NET_WM_NAME:\s+not found/);

    await activate(alpha.id);
    const a = await nextWindowEvent((e) => e.app === 'WatchAlpha', 'alpha event');
    expect(a).toMatchObject({ title: 'Alpha plain title', app: 'WatchAlpha', pid: alpha.proc.pid });

    await activate(cafe.id);
    const c = await nextWindowEvent((e) => e.app === 'WatchCafe', 'café event');
    expect(c).toMatchObject({ title: 'Café ☕ résumé', app: 'WatchCafe', pid: cafe.proc.pid });
    expect(Math.abs(c.at - Date.now())).toBeLessThan(10_000);
  });

  it('decodes a UTF8_STRING _NET_WM_NAME set by an xterm escape sequence', async () => {
    const esc = await startXterm('WatchEsc', 'before', ['-e', 'sh', '-c', "printf '\\033]2;Ωmega naïve ☕\\007'; sleep 600"]);
    await waitFor(
      async () => (await xs.run('xprop', ['-id', esc.id, '_NET_WM_NAME'])).includes('UTF8_STRING'),
      'xterm to set _NET_WM_NAME',
    );
    await activate(esc.id);
    await nextWindowEvent((e) => e.app === 'WatchEsc' && e.title === 'Ωmega naïve ☕', 'escape-sequence title');
  });

  it('follows title changes without a switch and emits each change once per switch', async () => {
    const beta = await startXterm('WatchBeta', 'Beta one');
    await activate(beta.id);
    await nextWindowEvent((e) => e.app === 'WatchBeta' && e.title === 'Beta one', 'beta');
    await xs.run('xdotool', ['set_window', '--name', 'Beta two ✓', beta.id]);
    await nextWindowEvent((e) => e.app === 'WatchBeta' && e.title === 'Beta two ✓', 'beta renamed');
    // Same title again, and re-activating the active window: nothing new.
    await xs.run('xdotool', ['set_window', '--name', 'Beta two ✓', beta.id]);
    await activate(beta.id);
    expect(await eventsDuring(300)).toEqual([]);

    const alpha = await windowIdOf('WatchAlpha');
    for (const [id, app] of [
      [alpha, 'WatchAlpha'],
      [beta.id, 'WatchBeta'],
      [alpha, 'WatchAlpha'],
    ] as const) {
      const before = windows().length;
      await activate(id);
      await nextWindowEvent((e) => windows().indexOf(e) >= before && e.app === app, `switch to ${app}`);
      const extra = await eventsDuring(250);
      // openbox sets _NET_ACTIVE_WINDOW twice (sometimes 0 first): still exactly one event.
      expect(windows().length - before, JSON.stringify(extra)).toBe(1);
    }
  });

  it('handles windows without _NET_WM_PID, Latin-1 STRING titles, and windows that vanish', async () => {
    const raw = await rawConnection(xs.display);
    try {
      const wid = createRawWindow(raw, {
        wmClass: 'rawinst\0RawLatin\0',
        name: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65]), // "café naïve" in Latin-1
        nameType: 31, // STRING
      });
      await waitFor(async () => (await xs.run('xdotool', ['search', '--class', 'RawLatin'])).trim(), 'raw window mapped');
      await activate(String(wid));
      const ev = await nextWindowEvent((e) => e.app === 'RawLatin', 'raw window event');
      expect(ev.title).toBe('café naïve');
      expect(ev.pid).toBeUndefined();

      // Create, activate and destroy in a burst: reads may hit BadWindow; nothing may break.
      const X = raw.client as XClient & Record<string, (...args: unknown[]) => unknown>;
      for (let i = 0; i < 5; i++) {
        const gone = createRawWindow(raw, { wmClass: `gone\0Gone${i}\0`, name: Buffer.from(`gone ${i}`), nameType: 31 });
        // xdotool's own search walks every window and fails with BadWindow when an earlier one vanishes under it: look again.
        await waitFor(
          async () => (await xs.run('xdotool', ['search', '--class', `Gone${i}`]).catch(() => '')).trim(),
          'gone window mapped',
        );
        await xs.run('xdotool', ['windowactivate', String(gone)]).catch(() => '');
        X.DestroyWindow!(gone);
      }
      const beta = await windowIdOf('WatchBeta');
      await activate(beta);
      await nextWindowEvent((e) => windows().indexOf(e) > windows().indexOf(ev) && e.app === 'WatchBeta', 'beta after burst');
      expect(watcher.info().state).toBe('running');
    } finally {
      raw.client.terminate();
    }
  });

  it('reports failed when the X server dies and running again after it restarts', async () => {
    const before = states().length;
    await xs.kill();
    const failed = await waitFor(
      () =>
        states()
          .slice(before)
          .find((s) => s.state === 'failed'),
      'failed state',
    );
    expect(failed.message).toMatch(/X|connect/);
    await xs.restart();
    await waitFor(
      () =>
        states()
          .slice(before)
          .some((s) => s.state === 'running'),
      'running again',
      15_000,
    );
    const gamma = await startXterm('WatchGamma', 'Gamma after restart');
    await activate(gamma.id);
    await nextWindowEvent((e) => e.app === 'WatchGamma' && e.title === 'Gamma after restart', 'event after reconnect');
  });
});

describe('X11 watcher inside the built host', () => {
  it('pushes window frames over native messaging', async () => {
    const hostEnv = makeHostEnv({ DISPLAY: xs.display });
    const host = spawnHost({ env: hostEnv.env });
    try {
      await host.next((m) => m.type === 'watcher' && m.state === 'running');
      const delta = await startXterm('HostDelta', 'Delta via host ✓');
      await activate(delta.id);
      const frame = await host.next<WindowEvent>((m) => m.type === 'window' && m.app === 'HostDelta');
      expect(frame).toMatchObject({ type: 'window', title: 'Delta via host ✓', app: 'HostDelta', pid: delta.proc.pid });
    } finally {
      await host.close();
      hostEnv.cleanup();
    }
  });
});

describe('watcher source selection', () => {
  it('is unavailable without DISPLAY, with a Wayland-specific message under Wayland', async () => {
    const seen: Emitted[] = [];
    const noDisplay = startWatcher({ emit: (m) => seen.push(m), log: () => {}, env: {}, platform: 'linux' });
    expect(noDisplay.info()).toMatchObject({ state: 'unavailable', message: expect.stringContaining('no DISPLAY') });
    const wayland = startWatcher({ emit: (m) => seen.push(m), log: () => {}, env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux' });
    expect(wayland.info()).toMatchObject({ state: 'unavailable', kind: 'none', message: expect.stringContaining('Wayland session') });
    expect(seen.filter((m) => m.type === 'watcher').map((m) => (m as WatcherEvent).state)).toEqual(['unavailable', 'unavailable']);
    await noDisplay.stop();
    await wayland.stop();
  });

  it('keeps retrying a display that has no server, as failed, and stops cleanly', async () => {
    const seen: Emitted[] = [];
    const w = startWatcher({ emit: (m) => seen.push(m), log: () => {}, env: { DISPLAY: ':59' }, platform: 'linux', firstRetryMs: 50 });
    await waitFor(() => seen.filter((m) => m.type === 'watcher' && m.state === 'failed').length >= 2, 'two failures');
    await w.stop();
    expect(w.info().state).toBe('stopped');
  });
});

// The Wayland watchers against a real headless sway with real foot windows: sway IPC and wlr-foreign-toplevel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelloReply, type WindowEvent } from '../../shared/protocol/frames.js';
import { startSway, type Sway } from '../../harness/sway.js';
import { makeHostEnv } from '../../harness/host-env.js';
import { spawnHost } from '../../harness/spawn-host.js';
import { waitFor } from '../../harness/xvfb.js';
import { watchSession } from './helpers/watch.js';

let sway: Sway;

beforeAll(async () => {
  sway = await startSway();
}, 30_000);

afterAll(async () => {
  await sway?.stop();
});

/** A watcher started in-process on this session, recording what it emits. */

describe.each([
  ['sway-ipc', () => sway.env],
  ['wlr-foreign-toplevel', () => ({ ...sway.env, SWAYSOCK: undefined })],
] as const)('%s watcher under headless sway', (kind, envOf) => {
  it('reports focus switches and title changes once each, nothing on a re-focus', async () => {
    const w = watchSession(envOf());
    try {
      await waitFor(() => w.watcher.info().state === 'running', `${kind} running`);
      expect(w.watcher.info()).toMatchObject({ kind, why: expect.any(String) });
      const a = await sway.openFoot(`alpha-${kind}`, 'Alpha notes');
      const b = await sway.openFoot(`beta-${kind}`, 'Beta video');
      await w.next((e) => e.app === b.appId, 'the new window focused');
      const mark = w.windows().length;
      await a.focus();
      const toA = await w.next((e) => e.app === a.appId, 'switch to alpha', mark);
      expect(toA).toMatchObject({ title: 'Alpha notes', app: a.appId });
      if (kind === 'sway-ipc') expect(toA.pid).toBeGreaterThan(0);
      // This window's change, after the switch: the previous kind's alpha window, still open with the same title, was
      // reported when this watcher started, and matching that let the real change arrive in the quiet period below.
      const beforeTitle = w.windows().length;
      a.setTitle('Alpha — chapter 2');
      await w.next((e) => e.app === a.appId && e.title === 'Alpha — chapter 2', 'title change of the focused window', beforeTitle);
      // The unfocused window's title changes: no event.
      b.setTitle('Beta, changed in the background');
      await a.focus();
      // What the watcher said besides windows (a reconnect re-reports the window in front), and the last windows it
      // reported, tell a failure's cause.
      const late = await w.quiet(400);
      expect(late, JSON.stringify({ other: w.seen.filter((e) => e.type !== 'window'), late, before: w.windows().slice(-4) })).toEqual([]);
    } finally {
      await w.watcher.stop();
    }
  }, 40_000);
});

describe('a compositor that restarts', () => {
  it.each(['sway-ipc', 'wlr-foreign-toplevel'] as const)(
    '%s reconnects and reports the new session',
    async (kind) => {
      const env = kind === 'sway-ipc' ? { ...sway.env } : { ...sway.env, SWAYSOCK: undefined };
      const w = watchSession(env);
      try {
        await waitFor(() => w.watcher.info().state === 'running', `${kind} running`);
        await sway.restart(); // a new pid: sway's new IPC socket has another name than $SWAYSOCK
        await waitFor(() => w.seen.some((e) => e.type === 'watcher' && e.state === 'failed'), 'the loss reported');
        await waitFor(() => w.watcher.info().state === 'running', `${kind} running again`, 15_000);
        const mark = w.windows().length;
        const c = await sway.openFoot(`gamma-${kind}`, 'Gamma after restart');
        await w.next((e) => e.app === c.appId, 'a window of the new session', mark);
      } finally {
        await w.watcher.stop();
      }
    },
    60_000,
  );
});

describe('sway inside the built host', () => {
  it('hello says which watcher runs and why; window frames arrive over native messaging', async () => {
    const hostEnv = makeHostEnv({ ...sway.env, DISPLAY: ':99' });
    const host = spawnHost({ env: hostEnv.env });
    try {
      await host.next((m) => m.type === 'watcher' && m.state === 'running');
      host.send({ id: 1, type: 'hello' });
      const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
      expect(hello.watcher).toMatchObject({ state: 'running', kind: 'sway-ipc', why: expect.stringContaining('sway IPC') });
      expect(hello.watcher.skipped?.find((s) => s.kind === 'x11')?.why).toMatch(/XWayland/);
      const d = await sway.openFoot('delta-host', 'Delta via host ✓');
      const frame = await host.next<WindowEvent>((m) => m.type === 'window' && m.app === d.appId, 15_000);
      expect(frame).toMatchObject({ type: 'window', title: 'Delta via host ✓', app: 'delta-host' });
    } finally {
      await host.close();
      hostEnv.cleanup();
    }
  }, 40_000);
});

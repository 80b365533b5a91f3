// The Hyprland watcher against a socket server speaking Hyprland's documented formats (Hyprland is not in Debian 12).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/xvfb.js';
import { watchSession } from './helpers/watch.js';

/** A fake Hyprland instance: `.socket.sock` answers `j/activewindow`, `.socket2.sock` broadcasts event lines. */
async function fakeHyprland(runtime: string, signature: string, active: object) {
  const dir = join(runtime, 'hypr', signature);
  mkdirSync(dir, { recursive: true });
  const clients = new Set<net.Socket>();
  const requests: string[] = [];
  const requestServer = net.createServer((s) =>
    s.on('data', (d) => {
      requests.push(d.toString());
      s.end(JSON.stringify(active));
    }),
  );
  const eventServer = net.createServer((s) => {
    clients.add(s);
    s.on('close', () => clients.delete(s));
    s.on('error', () => {});
  });
  const listen = (server: net.Server, path: string) => new Promise<void>((resolve) => server.listen(path, resolve));
  await listen(requestServer, join(dir, '.socket.sock'));
  await listen(eventServer, join(dir, '.socket2.sock'));
  return {
    requests,
    connected: () => clients.size,
    send: (text: string) => clients.forEach((c) => c.write(text)),
    async stop() {
      clients.forEach((c) => c.destroy());
      await Promise.all([requestServer, eventServer].map((s) => new Promise((r) => s.close(r))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

function watch(env: NodeJS.ProcessEnv) {
  const w = watchSession(env, { firstRetryMs: 50, maxRetryMs: 200 });
  cleanup.push(() => w.watcher.stop());
  return { ...w, windows: () => w.windows().map(({ title, app, pid }) => ({ title, app, pid })) };
}

function runtimeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'antidrift-hypr-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const env = (runtime: string, signature: string) => ({
  XDG_SESSION_TYPE: 'wayland',
  WAYLAND_DISPLAY: 'wayland-1',
  XDG_RUNTIME_DIR: runtime,
  HYPRLAND_INSTANCE_SIGNATURE: signature,
});

describe('Hyprland watcher (fake socket server, documented line format)', () => {
  it('asks once at start, then follows activewindow lines, once per real change', async () => {
    const runtime = runtimeDir();
    const hypr = await fakeHyprland(runtime, 'sig_1', { address: '0x1', class: 'kitty', title: 'zsh', pid: 4242 });
    cleanup.push(() => hypr.stop());
    const w = watch(env(runtime, 'sig_1'));
    await waitFor(() => w.watcher.info().state === 'running', 'running');
    expect(w.watcher.info()).toMatchObject({ kind: 'hyprland', why: expect.stringContaining('.socket2.sock') });
    await waitFor(() => w.windows().length === 1, 'the first query answered');
    expect(hypr.requests).toEqual(['j/activewindow']);
    expect(w.windows()).toEqual([{ title: 'zsh', app: 'kitty', pid: 4242 }]);

    // Split across writes, with other events between, a title with commas, and a repeat.
    hypr.send('workspace>>2\nactivewindow>>firef');
    hypr.send('ox,Docs, part 1 — Mozilla Firefox\nactivewindowv2>>0x2\n');
    hypr.send('activewindow>>firefox,Docs, part 1 — Mozilla Firefox\nactivewindow>>,\nactivewindow>>kitty,vim\n');
    await waitFor(() => w.windows().length === 3, 'two changes');
    expect(w.windows().slice(1)).toEqual([
      { title: 'Docs, part 1 — Mozilla Firefox', app: 'firefox', pid: undefined },
      { title: 'vim', app: 'kitty', pid: undefined },
    ]);
  });

  it('a restarted Hyprland (new instance signature) is found again; an over-long line reconnects', async () => {
    const runtime = runtimeDir();
    const first = await fakeHyprland(runtime, 'sig_a', {});
    const w = watch(env(runtime, 'sig_a'));
    await waitFor(() => first.connected() === 1, 'connected');
    await first.stop();
    await waitFor(() => w.seen.some((e) => e.type === 'watcher' && e.state === 'failed'), 'the loss reported');
    const second = await fakeHyprland(runtime, 'sig_b', { class: 'foot', title: 'after restart' });
    cleanup.push(() => second.stop());
    await waitFor(() => w.windows().some((x) => x.title === 'after restart'), 'the new instance');
    expect(w.watcher.info()).toMatchObject({ state: 'running', message: expect.stringContaining('sig_b') });

    second.send('x'.repeat(70_000));
    await waitFor(() => w.seen.filter((e) => e.type === 'watcher' && e.state === 'failed').length >= 2, 'the flood dropped');
    await waitFor(() => second.connected() === 1 && w.watcher.info().state === 'running', 'reconnected');
    second.send('activewindow>>foot,still here\n');
    await waitFor(() => w.windows().some((x) => x.title === 'still here'), 'events after the reconnect');
  });
});

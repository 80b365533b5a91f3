// NativeChannel: handshake, request ids and timeouts, reject-all on disconnect, crash-loop backoff.
import { PROTOCOL_VERSION } from '../../shared/protocol/frames';
import { SETTINGS_VERSION } from '../../shared/settings/stored-settings';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { startBackground, type StatePort } from '../../background';
import { NativeChannel, type ChannelEvents, type ChannelStatus, type NativeChannelDeps } from '../../background/helper/native-channel';
import type { StatePush } from '../../shared/messages/pushes';
import { KEYS } from '../../background/store';
import { welcomeNeeded } from '../../background/helper/install-and-update';
import { boot, FakeHost, FakeStatePort, freshBackgroundEachTest, PAGE_SENDER, testPlatform } from './harness';

freshBackgroundEachTest();

import { EXTENSION_PAGES } from '../../shared/extension-pages';
/** Manual timers: time only moves when the test says so. */
class ManualTimers {
  now = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  set = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  };
  clear = (id: unknown) => void this.timers.delete(id as number);
  async advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
      await new Promise((r) => setTimeout(r, 0));
    }
    this.now = end;
  }
  get pending() {
    return this.timers.size;
  }
}

function make(host: FakeHost) {
  const timers = new ManualTimers();
  const statuses: ChannelStatus[] = [];
  const deps: NativeChannelDeps = {
    connect: host.connect,
    lastError: () => host.lastError,
    extensionVersion: '0.2.0',
    now: () => timers.now,
    setTimer: timers.set,
    clearTimer: timers.clear,
  };
  const channel = new NativeChannel(deps, {
    onStatus: (s) => statuses.push(s),
    onWindow: () => {},
    onWatcher: () => {},
    onInvalid: () => {},
  });
  return { channel, timers, statuses };
}

/** A channel on real timers (for tests that await a run), with the events a test listens to. */
function channelOver(host: FakeHost, events: Partial<ChannelEvents>): NativeChannel {
  const deps: NativeChannelDeps = {
    connect: host.connect,
    lastError: () => undefined,
    extensionVersion: '0.2.0',
    now: () => 0,
    setTimer: (f, ms) => setTimeout(f, ms),
    clearTimer: (h) => clearTimeout(h as never),
  };
  return new NativeChannel(deps, { onStatus: () => {}, onWindow: () => {}, onWatcher: () => {}, onInvalid: () => {}, ...events });
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('NativeChannel', () => {
  it('connects with a hello handshake and exposes the host status', async () => {
    const host = new FakeHost();
    const { channel } = make(host);
    channel.start();
    await settle();
    expect(channel.current).toMatchObject({
      connection: 'connected',
      hostVersion: '0.2.0',
      protocol: PROTOCOL_VERSION,
      extensionVersion: '0.2.0',
      watcher: { state: 'running' },
    });
    expect(host.port!.sent[0]).toEqual({ type: 'hello', id: 1, protocol: PROTOCOL_VERSION, version: '0.2.0' });
  });

  it('a helper of protocol 1 refuses a hello with fields: it is asked again without them, and connects', async () => {
    const host = new FakeHost();
    host.protocol = undefined;
    host.hostVersion = '0.1.0';
    const { channel } = make(host);
    channel.start();
    await settle();
    expect(host.hellos.map((h) => Object.keys(h).sort())).toEqual([
      ['id', 'protocol', 'type', 'version'],
      ['id', 'type'],
    ]);
    expect(channel.current).toMatchObject({ connection: 'connected', hostVersion: '0.1.0' });
    expect(channel.current.protocol).toBeUndefined();
    expect(host.ports).toHaveLength(1);
  });

  it('a backends push after hello (the login-shell search finished) updates the backends, keeping the connection', async () => {
    const host = new FakeHost();
    host.backends = [{ name: 'claude', available: false, problem: 'not found yet' }];
    const { channel } = make(host);
    channel.start();
    await settle();
    expect(channel.current.backends).toEqual([{ name: 'claude', available: false, problem: 'not found yet' }]);
    host.port!.deliver({ type: 'backends', backends: [{ name: 'claude', available: true, path: '/home/u/.npm/bin/claude' }] });
    expect(channel.current).toMatchObject({ connection: 'connected', backends: [{ name: 'claude', available: true }] });
    // A malformed push changes nothing.
    host.port!.deliver({ type: 'backends', backends: 'all of them' });
    expect(channel.current.backends).toEqual([{ name: 'claude', available: true, path: '/home/u/.npm/bin/claude' }]);
  });

  it('a watcher status change keeps why the watcher was chosen', async () => {
    const host = new FakeHost();
    const skipped = [{ kind: 'x11', why: 'DISPLAY :0 is XWayland in a Wayland session' }];
    host.watcher = { state: 'running', kind: 'sway-ipc', why: 'sway IPC at $SWAYSOCK', skipped };
    const { channel } = make(host);
    channel.start();
    await settle();
    host.port!.deliver({ type: 'watcher', state: 'failed', kind: 'sway-ipc', message: 'sway IPC closed; retrying in 1 s' });
    expect(channel.current.watcher).toEqual({
      state: 'failed',
      kind: 'sway-ipc',
      message: 'sway IPC closed; retrying in 1 s',
      why: 'sway IPC at $SWAYSOCK',
      skipped,
    });
  });

  it('times out a request the host never answers, without touching others', async () => {
    const host = new FakeHost();
    host.reply = (prompt) => (prompt === 'slow' ? 'hang' : { text: 'fast' });
    const { channel, timers } = make(host);
    channel.start();
    await settle();
    const slow = channel.run('claude', undefined, 'slow', 1_000);
    const fast = await channel.run('claude', undefined, 'fast', 1_000);
    expect(fast).toMatchObject({ ok: true, text: 'fast' });
    const outcome = slow.catch((e: Error) => e.message);
    await timers.advance(6_000);
    expect(await outcome).toMatch(/did not answer within 6 s/);
  });

  it('rejects every pending request when the host goes away', async () => {
    const host = new FakeHost();
    host.reply = () => 'hang';
    const { channel } = make(host);
    channel.start();
    await settle();
    const a = channel.run('claude', undefined, 'a', 30_000).catch((e: Error) => e.name);
    const b = channel.run('claude', undefined, 'b', 30_000).catch((e: Error) => e.name);
    host.lastError = 'Native host has exited.';
    host.port!.hangUp();
    expect(await Promise.all([a, b])).toEqual(['ChannelClosedError', 'ChannelClosedError']);
    expect(channel.current).toMatchObject({ connection: 'disconnected', error: 'Native host has exited.' });
  });

  it('a host that exits at start is retried with exponential backoff, never in a busy loop', async () => {
    const host = new FakeHost();
    host.refuse = 'Native host has exited.';
    const { channel, timers, statuses } = make(host);
    channel.start();
    await settle();
    await timers.advance(10 * 60_000);
    // 1+2+4+8+16+32 s, then every 60 s: about 15 attempts in ten minutes, not thousands.
    expect(host.ports.length).toBeGreaterThan(8);
    expect(host.ports.length).toBeLessThan(20);
    const last = statuses.at(-1)!;
    expect(last).toMatchObject({ connection: 'disconnected', error: 'Native host has exited.' });
    expect(timers.pending).toBe(1);
    // Only the first attempt says "connecting": a retry keeps the failure on screen, no flicker.
    expect(statuses.filter((s) => s.connection === 'connecting')).toHaveLength(1);
    expect(statuses.slice(1).map((s) => s.connection)).toEqual(Array(statuses.length - 1).fill('disconnected'));
    host.refuse = null;
    await timers.advance(60_000);
    expect(channel.current.connection).toBe('connected');
    // The person's Reconnect does say it is connecting: they asked for it and wait for an answer.
    statuses.length = 0;
    channel.reconnectNow();
    expect(statuses[0]?.connection).toBe('connecting');
  });

  it('a missing host is retried rarely and reported as missing', async () => {
    const host = new FakeHost();
    host.refuse = 'Specified native messaging host not found.';
    const { channel, timers } = make(host);
    channel.start();
    await settle();
    await timers.advance(10 * 60_000);
    expect(host.ports.length).toBeLessThanOrEqual(3);
    expect(channel.current.connection).toBe('missing');
  });

  it('ignores malformed frames from the host and keeps serving', async () => {
    const host = new FakeHost();
    const invalid: string[] = [];
    const channel = channelOver(host, { onInvalid: (m) => invalid.push(m) });
    channel.start();
    await settle();
    for (const junk of [null, 42, 'x', { type: 'window' }, { id: 'a', type: 'result' }, { type: 7 }]) host.port!.deliver(junk);
    expect(invalid).toHaveLength(6);
    expect(await channel.run('claude', undefined, 'p', 1_000)).toMatchObject({ ok: true });
    channel.stop();
  });

  it('a newer helper: frames of a type it added are ignored (said once per type), fields it added are dropped; nothing disconnects', async () => {
    const host = new FakeHost();
    const invalid: string[] = [];
    const windows: unknown[] = [];
    const channel = channelOver(host, { onWindow: (w) => windows.push(w), onInvalid: (m) => invalid.push(m) });
    channel.start();
    await settle();
    const connectsBefore = host.ports.length;
    for (let i = 0; i < 100; i++) host.port!.deliver({ type: 'focusMode', on: i % 2 === 0 });
    for (let i = 0; i < 30; i++) host.port!.deliver({ type: `kind-${i}` });
    host.port!.deliver({ type: 'window', title: 'Editor', app: 'code', at: 5, screen: 2, workspace: 'b' });
    expect(invalid[0]).toMatch(
      /^ignored "focusMode" frames from the helper [\d.]+: this extension does not know them \(a newer helper\?\)$/,
    );
    // One line per new type, and at most 16 types: a helper sending nonsense cannot flood the log.
    expect(invalid).toHaveLength(16);
    expect(windows).toEqual([{ type: 'window', title: 'Editor', app: 'code', at: 5 }]);
    expect(host.ports.length).toBe(connectsBefore);
    expect(channel.current.connection).toBe('connected');
    expect(await channel.run('claude', undefined, 'p', 1_000)).toMatchObject({ ok: true });
    channel.stop();
  });
});

describe('the background over a host that exits at start', () => {
  it('backs off (bounded attempts over 30 simulated minutes) and shows the reason on the state port', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const host = new FakeHost();
    host.refuse = 'Native host has exited.';
    const pushes: StatePush[] = [];
    const port = new FakeStatePort('antidrift-state', PAGE_SENDER());
    const started = startBackground({
      now: () => Date.now(),
      connectNative: host.connect,
      nativeError: () => host.lastError,
      onStatePort: (listener) => listener(port as StatePort),
      ...testPlatform(),
    });
    await vi.advanceTimersByTimeAsync(0);
    await started.ready;
    const cpuBefore = process.cpuUsage();
    const minutes = 30;
    for (let m = 0; m < minutes; m++) await vi.advanceTimersByTimeAsync(60_000);
    const cpu = process.cpuUsage(cpuBefore);
    pushes.push(...port.received);
    // 1+2+4+8+16+32 s, then once a minute: ~36 attempts in 30 minutes, not a busy loop.
    expect(host.ports.length).toBeGreaterThan(20);
    expect(host.ports.length).toBeLessThanOrEqual(minutes + 8);
    const last = pushes.at(-1)!;
    expect(last.view.host).toMatchObject({ connection: 'disconnected', error: 'Native host has exited.' });
    // Each attempt costs a few pushes (connecting, disconnected, the reconfigured view), nothing more.
    expect(pushes.length).toBeLessThanOrEqual(host.ports.length * 5 + 5);
    // 30 simulated minutes of retries take well under a second of real CPU.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(2_000);
    console.log(
      `crash loop: ${host.ports.length} connects and ${pushes.length} state pushes in ${minutes} simulated minutes, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`,
    );
    host.refuse = null;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(port.received.at(-1)!.view.host.connection).toBe('connected');
    started.channel.stop();
  });
});

describe('the background connects the host after its first job', () => {
  it('with a connect delay, no host is started before hydration and the delay; then one is', async () => {
    const host = new FakeHost();
    const started = Date.now();
    const bg = await boot(host, Date.now, undefined, { ...testPlatform(), hostConnectDelayMs: 80 });
    expect(host.ports).toHaveLength(0);
    await vi.waitFor(() => expect(host.ports).toHaveLength(1), { timeout: 2_000, interval: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
    await vi.waitFor(() => expect(bg.channel.current.connection).toBe('connected'));
    bg.channel.stop();
  });
});

/** The tabs open on the welcome page. */
async function welcomeTabs() {
  const tabs = await fakeBrowser.tabs.query({});
  return tabs.filter((t) => t.url?.endsWith(EXTENSION_PAGES.welcome));
}

describe('install and update', () => {
  it('a first install whose helper is missing opens the welcome page (where the install command is), once; an update is noted in diagnostics', async () => {
    const host = new FakeHost();
    host.refuse = 'Specified native messaging host not found.';
    const bg = await boot(host);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await bg.flush();
    expect(await welcomeTabs()).toHaveLength(1);
    bg.channel.reconnectNow();
    await bg.flush();
    expect(await welcomeTabs()).toHaveLength(1);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    expect(bg.shell.diagnostics.list().map((d) => d.message)).toContain(
      'updated from 0.1.0 to 0.2.0: settings, history and the running session are kept',
    );
  });

  it('data from a release that stored no version is noted at once; the browser naming that release revises the same note', async () => {
    // The order measured in Chromium on Reload: the woken worker hydrates first, then onInstalled says `update`.
    await fakeBrowser.storage.local.set({ [KEYS.settings]: { version: SETTINGS_VERSION, nudgeIntervalMinutes: 7 } });
    const bg = await boot();
    const notes = () => bg.shell.diagnostics.list().filter((d) => d.message.startsWith('updated from'));
    expect(notes().map((d) => d.message)).toEqual([
      'updated from an earlier version to 0.2.0: settings, history and the running session are kept',
    ]);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    expect(notes().map((d) => d.message)).toEqual(['updated from 0.1.0 to 0.2.0: settings, history and the running session are kept']);
    expect(await fakeBrowser.storage.local.get(KEYS.version)).toEqual({ [KEYS.version]: '0.2.0' });
  });

  it.each([
    [{ connection: 'connecting' }, null],
    [{ connection: 'disconnected' }, null],
    [{ connection: 'disconnected', error: 'Native host has exited.' }, true],
    [{ connection: 'missing', error: 'Specified native messaging host not found.' }, true],
    [{ connection: 'connected', hostVersion: '0.2.0', protocol: PROTOCOL_VERSION, extensionVersion: '0.2.0' }, false],
    [{ connection: 'connected', hostVersion: '0.1.0', protocol: PROTOCOL_VERSION, extensionVersion: '0.2.0' }, true],
    [{ connection: 'connected', hostVersion: '0.3.0', protocol: PROTOCOL_VERSION, extensionVersion: '0.2.0' }, true],
  ] as const)('the welcome page is needed for %o: %s', (host, needed) => {
    expect(welcomeNeeded({ backends: [], ...host })).toBe(needed);
  });

  it('a first install with the helper there opens nothing', async () => {
    const bg = await boot();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await bg.flush();
    expect(await welcomeTabs()).toEqual([]);
  });

  it('a first install before the helper was asked waits for its answer: a helper that crashes opens the welcome page', async () => {
    const host = new FakeHost();
    host.refuse = 'Native host has exited.';
    // The helper is asked a second after the start: long enough that booting, even beside the other tiers, ends first.
    const bg = await boot(host, Date.now, undefined, { ...testPlatform(), hostConnectDelayMs: 1_000 });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(await welcomeTabs()).toEqual([]);
    await vi.waitFor(async () => expect(await welcomeTabs()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    bg.channel.stop();
  });
});

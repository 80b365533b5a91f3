// Finding CLIs when the browser gave the host a minimal PATH: login-shell probe, well-known dirs, log file.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackendsEvent, HelloReply, RunResult } from '../../shared/protocol/frames.js';
import { FAKE_BIN_DIR, FIXTURES_DIR, makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { spawnHost, type HostHandle } from '../../harness/spawn-host.js';
import { waitFor } from '../../harness/processes.js';

let hostEnv: HostTestEnv;
let host: HostHandle | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  hostEnv?.cleanup();
});

/** Whether any process of the group led by `pgid` still runs (signal 0 only checks). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function helloAndRun(h: HostHandle, backend: string): Promise<{ hello: HelloReply; result: RunResult }> {
  h.send({ id: 1, type: 'hello' });
  const hello = HelloReply.parse(await h.next((m) => m.type === 'hello'));
  h.send({ id: 2, type: 'run', backend, prompt: 'found me', timeoutMs: 20_000 });
  const result = RunResult.parse(await h.next((m) => m.type === 'result', 25_000));
  return { hello, result };
}

describe('executable resolution with a minimal PATH', () => {
  it('uses the PATH a login shell reports', async () => {
    hostEnv = makeHostEnv({ PATH: '/usr/bin:/bin', SHELL: join(FIXTURES_DIR, 'fake-login-shell'), FAKE_LOGIN_PATH: FAKE_BIN_DIR });
    host = spawnHost({ env: hostEnv.env });
    const { hello, result } = await helloAndRun(host, 'claude');
    // Hello does not wait for the probe: claude is in it, or in the backends push that follows.
    const claude = hello.backends.find((b) => b.name === 'claude')?.available
      ? hello.backends.find((b) => b.name === 'claude')
      : BackendsEvent.parse(await host.next((m) => m.type === 'backends')).backends.find((b) => b.name === 'claude');
    expect(claude).toMatchObject({ available: true, path: join(FAKE_BIN_DIR, 'claude') });
    expect(result).toMatchObject({ ok: true, text: 'claude:default:found me' });
  });

  it('answers hello before a slow login shell finishes, then pushes what the login-shell PATH adds', async () => {
    hostEnv = makeHostEnv({
      PATH: '/usr/bin:/bin',
      SHELL: join(FIXTURES_DIR, 'fake-login-shell'),
      FAKE_LOGIN_PATH: FAKE_BIN_DIR,
      FAKE_LOGIN_DELAY: '1.5',
    });
    host = spawnHost({ env: hostEnv.env });
    const sent = Date.now();
    host.send({ id: 1, type: 'hello' });
    const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
    expect(Date.now() - sent).toBeLessThan(1_500);
    expect(hello.backends.find((b) => b.name === 'claude')).toMatchObject({ available: false });
    const pushed = BackendsEvent.parse(await host.next((m) => m.type === 'backends', 10_000));
    expect(pushed.backends.find((b) => b.name === 'claude')).toMatchObject({ available: true, path: join(FAKE_BIN_DIR, 'claude') });
    // Nothing changed since: a second hello reports the same, and no further push comes.
    host.send({ id: 2, type: 'hello' });
    const again = HelloReply.parse(await host.next((m) => m.type === 'hello'));
    expect(again.backends).toEqual(pushed.backends);
  });

  it('a host that quits while the login shell still runs ends the shell and its children (no leftover profile)', async () => {
    hostEnv = makeHostEnv({ PATH: '/usr/bin:/bin', SHELL: join(FIXTURES_DIR, 'fake-login-shell'), FAKE_LOGIN_DELAY: '30' });
    const pidFile = join(hostEnv.root, 'login-shell.pid');
    hostEnv.env.FAKE_LOGIN_PIDFILE = pidFile;
    host = spawnHost({ env: hostEnv.env });
    host.send({ id: 1, type: 'hello' });
    await host.next((m) => m.type === 'hello');
    const pid = await waitFor(() => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined), 'the login shell to start');
    expect(groupAlive(pid)).toBe(true); // the shell and its sleep, in their own group
    expect(await host.close()).toBe(0);
    await waitFor(() => !groupAlive(pid) || undefined, 'the login shell group to be gone', 3_000);
  });

  it('falls back to well-known directories such as ~/.local/bin', async () => {
    hostEnv = makeHostEnv({ PATH: '/usr/bin:/bin', SHELL: '/bin/false' });
    const localBin = join(hostEnv.env.HOME!, '.local', 'bin');
    mkdirSync(localBin, { recursive: true });
    symlinkSync(join(FAKE_BIN_DIR, 'llm'), join(localBin, 'llm'));
    host = spawnHost({ env: hostEnv.env });
    const { hello, result } = await helloAndRun(host, 'llm');
    expect(hello.backends.find((b) => b.name === 'llm')).toMatchObject({ available: true, path: join(localBin, 'llm') });
    expect(result).toMatchObject({ ok: true, text: 'llm:gpt-4o-mini:found me\n' });
  });

  it('a configured path that does not exist is reported, not searched around', async () => {
    hostEnv = makeHostEnv();
    hostEnv.writeConfig({ backends: { claude: { path: '/nonexistent/claude' } } });
    host = spawnHost({ env: hostEnv.env });
    const { hello, result } = await helloAndRun(host, 'claude');
    expect(hello.backends.find((b) => b.name === 'claude')).toMatchObject({
      available: false,
      problem: expect.stringMatching(/nonexistent/),
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'not_installed' } });
  });
});

describe('log file', () => {
  it('ANTIDRIFT_HOST_LOG=<path> writes the log there (stdout stays frames only)', async () => {
    hostEnv = makeHostEnv();
    const logFile = join(hostEnv.root, 'logs', 'host.log');
    hostEnv.env.ANTIDRIFT_HOST_LOG = logFile;
    host = spawnHost({ env: hostEnv.env });
    await helloAndRun(host, 'llm');
    expect(await host.close()).toBe(0);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toMatch(/antidrift-host .* started/);
    expect(log).toMatch(/run #2 llm → ok/);
    expect(log).not.toMatch(/found me/);
  });

  it('a log path in a shared directory leaves that directory as it was (only the file is private)', async () => {
    hostEnv = makeHostEnv();
    // As a user pointing ANTIDRIFT_HOST_LOG at /tmp/host.log: the host once chmodded /tmp to 0700.
    const shared = join(hostEnv.root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    hostEnv.env.ANTIDRIFT_HOST_LOG = join(shared, 'host.log');
    host = spawnHost({ env: hostEnv.env });
    await helloAndRun(host, 'llm');
    expect(await host.close()).toBe(0);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(statSync(join(shared, 'host.log')).mode & 0o777).toBe(0o600);
  });
});

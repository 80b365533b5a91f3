// The built host as a process: hello, invalid frames answered with bad_request, clean exit, CLI flags.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorReply, HelloReply } from '../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { frameBytes, HOST_DIST, spawnHost, type HostHandle } from '../../harness/spawn-host.js';

let hostEnv: HostTestEnv;
let host: HostHandle | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  hostEnv?.cleanup();
});

function start(args?: string[]): HostHandle {
  hostEnv = makeHostEnv();
  host = spawnHost({ env: hostEnv.env, ...(args ? { args } : {}) });
  return host;
}

describe('hello', () => {
  it('reports version, platform, watcher and every backend with the path it would run', async () => {
    hostEnv = makeHostEnv();
    hostEnv.writeConfig({ custom: { mine: { bin: 'custom-echo', args: [] } } });
    const h = (host = spawnHost({ env: hostEnv.env }));
    h.send({ id: 7, type: 'hello' });
    const hello = HelloReply.parse(await h.next((m) => m.type === 'hello'));
    expect(hello.id).toBe(7);
    expect(hello.hostVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(hello.platform).toBe(process.platform);
    expect(hello.watcher.state).toMatch(/starting|running|unavailable|failed/);
    expect(hello.backends.map((b) => b.name)).toEqual(['claude', 'codex', 'gemini', 'qwen', 'ollama', 'llm', 'mine']);
    for (const backend of hello.backends) {
      expect(backend.available).toBe(true);
      expect(backend.path).toMatch(new RegExp(`fixtures/bin/${backend.name === 'mine' ? 'custom-echo' : backend.name}$`));
    }
    expect(hello.backends.at(-1)?.custom).toBe(true);
  });

  it('lists custom backends from the config and reports missing ones with a problem', async () => {
    hostEnv = makeHostEnv({ PATH: '/usr/bin:/bin' });
    hostEnv.writeConfig({ custom: { mine: { bin: '/nonexistent/tool', args: [] } } });
    host = spawnHost({ env: hostEnv.env, args: ['/home/u/.mozilla/native-messaging-hosts/antidrift.json', 'antidrift@example.org'] });
    host.send({ id: 1, type: 'hello' });
    const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
    const mine = hello.backends.find((b) => b.name === 'mine');
    expect(mine).toMatchObject({ available: false, custom: true, problem: expect.stringMatching(/nonexistent/) });
    // Built-ins are off PATH here; whatever the machine has elsewhere, each is either found or explained.
    for (const backend of hello.backends) {
      if (backend.available) expect(backend.path).toMatch(/^\//);
      else expect(backend.problem).toMatch(/\S/);
    }
  });
});

describe('invalid frames', () => {
  const cases: [string, Buffer, RegExp][] = [
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), /UTF-8/],
    ['non-JSON', Buffer.from('hello?'), /not JSON/],
    ['zero-length', Buffer.alloc(0), /empty/],
    ['a JSON array', Buffer.from('[1,2]'), /object/],
    ['a JSON string', Buffer.from('"hello"'), /object/],
  ];
  for (const [name, body, message] of cases) {
    it(`answers ${name} with bad_request and keeps serving`, async () => {
      const h = start();
      h.sendRaw(frameBytes(body));
      const error = ErrorReply.parse(await h.next((m) => m.type === 'error'));
      expect(error.id).toBeUndefined();
      expect(error.error.message).toMatch(message);
      h.send({ id: 2, type: 'hello' });
      HelloReply.parse(await h.next((m) => m.type === 'hello'));
    });
  }

  it('echoes a valid id for unknown types and wrong shapes', async () => {
    const h = start();
    h.send({ id: 5, type: 'exec', command: 'rm -rf /' });
    expect(ErrorReply.parse(await h.next((m) => m.id === 5)).error.message).toMatch(/unknown request type "exec"/);
    h.send({ id: 6, type: 'run', backend: 'claude', prompt: '', timeoutMs: 5 });
    expect(ErrorReply.parse(await h.next((m) => m.id === 6)).error.message).toMatch(/prompt|timeoutMs/);
    h.send({ id: 8, type: 'run', backend: 'claude', prompt: 'x', timeoutMs: 5000, command: '/bin/sh' });
    expect(ErrorReply.parse(await h.next((m) => m.id === 8)).error.kind).toBe('bad_request');
    h.send({ id: -1, type: 'hello' });
    expect(ErrorReply.parse(await h.next((m) => m.type === 'error' && !('id' in m))).error.kind).toBe('bad_request');
  });

  it('rejects an oversized frame without reading it whole, then carries on', async () => {
    const h = start();
    const declared = 3 * 1024 * 1024;
    h.sendRaw(frameBytes(Buffer.alloc(0), declared));
    const error = ErrorReply.parse(await h.next((m) => m.type === 'error'));
    expect(error.error.message).toMatch(/exceeds/);
    for (let sent = 0; sent < declared; sent += 256 * 1024) h.sendRaw(Buffer.alloc(256 * 1024, 0x7b));
    h.send({ id: 3, type: 'hello' });
    HelloReply.parse(await h.next((m) => m.type === 'hello'));
  });
});

describe('process lifecycle and CLI', () => {
  it('exits 0 when stdin closes, with nothing but frames on stdout', async () => {
    const h = start();
    h.send({ id: 1, type: 'hello' });
    await h.next((m) => m.type === 'hello');
    expect(await h.close()).toBe(0);
    expect(h.received.every((m) => typeof m === 'object')).toBe(true);
    expect(h.stderr()).toMatch(/stdin closed/);
  });

  it('still exits when the browser closed its stderr first (no EPIPE busy loop)', async () => {
    const h = start();
    h.send({ id: 1, type: 'hello' });
    await h.next((m) => m.type === 'hello');
    // Firefox run by web-ext closes the host's stderr before its stdin; every log line is then an EPIPE.
    h.proc.stderr.destroy();
    // A run logs a line while stdin is still open: without the fix that EPIPE spins the host at 100 % CPU.
    h.send({ id: 2, type: 'run', backend: 'llm', prompt: 'p', timeoutMs: 5_000 });
    await h.next((m) => m.type === 'result');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await h.close(5_000)).toBe(0);
  });

  it('--version, --help and an unknown command', () => {
    hostEnv = makeHostEnv();
    const version = spawnSync(process.execPath, [HOST_DIST, '--version'], { env: hostEnv.env, encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = spawnSync(process.execPath, [HOST_DIST, '--help'], { env: hostEnv.env, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/install/);
    const unknown = spawnSync(process.execPath, [HOST_DIST, 'frobnicate'], { env: hostEnv.env, encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it('the built file is executable on its own (shebang + mode)', () => {
    hostEnv = makeHostEnv();
    const direct = spawnSync(HOST_DIST, ['--version'], { env: hostEnv.env, encoding: 'utf8' });
    expect(direct.status).toBe(0);
  });
});

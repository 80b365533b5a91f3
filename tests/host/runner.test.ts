// The runner's hard limits through the built host: timeouts kill the tree, output caps, concurrency.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HelloReply, RunResult } from '../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { processAlive, waitFor } from './helpers/process-alive.js';
import { spawnHost, type HostHandle } from '../../harness/spawn-host.js';

let hostEnv: HostTestEnv;
let host: HostHandle;
let nextId = 1;

function start(): HostHandle {
  hostEnv = makeHostEnv();
  host = spawnHost({ env: hostEnv.env });
  return host;
}

afterEach(async () => {
  await host?.close();
  hostEnv?.cleanup();
});

function sendRun(backend: string, prompt: string, timeoutMs = 20_000): number {
  const id = nextId++;
  host.send({ id, type: 'run', backend, prompt, timeoutMs });
  return id;
}

async function result(id: number, timeoutMs = 25_000): Promise<RunResult> {
  return RunResult.parse(await host.next((m) => m.type === 'result' && m.id === id, timeoutMs));
}

function pidsFrom(file: string): number[] {
  const { parent, child } = JSON.parse(readFileSync(file, 'utf8')) as { parent: number; child: number };
  return [parent, child];
}

describe('timeouts', () => {
  it('kills a hanging backend and the child it spawned, and reports timeout', async () => {
    start();
    const pidFile = join(hostEnv.root, 'hang.json');
    // Long enough for the fake (a Node process) to start and write its pids on a loaded machine: 1 s was not.
    const id = sendRun('claude', `HANG ${pidFile}`, 4_000);
    const reply = await result(id, 15_000);
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.kind).toBe('timeout');
    expect(reply.ms).toBeGreaterThanOrEqual(4_000);
    // The grandchild ignores SIGTERM: only the SIGKILL to the group 2 s later ends it.
    for (const pid of pidsFrom(pidFile)) expect(processAlive(pid), `pid ${pid} survived`).toBe(false);
    expect(readdirSync(join(hostEnv.dataDir, 'runs'))).toEqual([]);
  });
});

describe('output limits', () => {
  it('caps 5 MB of output, answers with an error, and keeps serving', async () => {
    start();
    const reply = await result(sendRun('llm', `HUGE ${5 * 1024 * 1024}`));
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error).toMatchObject({ kind: 'api_error', message: expect.stringMatching(/1 MB/) });
    host.send({ id: 9_999, type: 'hello' });
    HelloReply.parse(await host.next((m) => m.id === 9_999));
  });

  it('never sends a frame over 1 MB even when escaping inflates an allowed answer', async () => {
    start();
    const reply = await result(sendRun('llm', `QUOTES ${700 * 1024}`));
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.message).toMatch(/too large/);
  });
});

describe('concurrency', () => {
  it('runs at most two backends at once and queues the rest', async () => {
    start();
    const log = join(hostEnv.root, 'slow.log');
    const ids = [0, 1, 2].map(() => sendRun('llm', `SLOW ${log} 700`));
    const replies = await Promise.all(ids.map((id) => result(id)));
    for (const reply of replies) expect(reply.ok).toBe(true);
    let running = 0;
    let peak = 0;
    for (const line of readFileSync(log, 'utf8').trim().split('\n')) {
      running += line.startsWith('start') ? 1 : -1;
      peak = Math.max(peak, running);
    }
    expect(peak).toBe(2);
  });

  it('answers "busy" at once when the queue is full', async () => {
    start();
    const log = join(hostEnv.root, 'busy.log');
    const ids = Array.from({ length: 18 }, () => sendRun('llm', `SLOW ${log} 5000`));
    const overflow = await result(sendRun('llm', 'one too many'), 5_000);
    expect(overflow.ok).toBe(false);
    if (!overflow.ok) expect(overflow.error.message).toMatch(/busy/);
    expect(ids).toHaveLength(18);
  });
});

describe('shutdown', () => {
  it('exits 0 when stdin closes and kills running backends first', async () => {
    start();
    const files = [join(hostEnv.root, 'a.json'), join(hostEnv.root, 'b.json')];
    for (const file of files) sendRun('llm', `HANG ${file}`, 60_000);
    await waitFor(() => files.every((file) => existsSync(file) && readFileSync(file, 'utf8').length > 0), 10_000, 'both fakes to start');
    const code = await host.close(15_000);
    expect(code).toBe(0);
    for (const pid of files.flatMap(pidsFrom)) expect(processAlive(pid), `pid ${pid} survived`).toBe(false);
  });
});

// Fault injection through the built host: backends that hang, fork, flood, ignore SIGTERM or print garbage.
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerdict } from '../../shared/ai/judge.js';
import { HelloReply, RunResult } from '../../shared/protocol/frames.js';
import { FIXTURES_DIR, makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { processAlive, waitFor } from './helpers/process-alive.js';
import { spawnHost, type HostHandle } from '../../harness/spawn-host.js';

const FAULTY = join(FIXTURES_DIR, 'faulty');
const MODES = ['hang', 'fork-exit', 'flood', 'term-writer', 'garbage'] as const;
type Mode = (typeof MODES)[number];

let hostEnv: HostTestEnv;
let host: HostHandle;
let nextId = 1;
const injected: string[] = [];

function pidFile(mode: string): string {
  return join(hostEnv.root, `${mode}.pids`);
}

function rssMb(): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${host.proc.pid}/status`, 'utf8'));
  return Number(match![1]) / 1024;
}

async function run(backend: string, prompt: string, timeoutMs = 20_000): Promise<RunResult> {
  const id = nextId++;
  host.send({ id, type: 'run', backend, prompt, timeoutMs });
  return RunResult.parse(await host.next((m) => m.type === 'result' && m.id === id, timeoutMs + 10_000));
}

function recordedPids(mode: string): number[] {
  const file = pidFile(mode);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number);
}

/** Every process the fake started is gone (zombies count as gone). */
async function expectGroupGone(mode: string, expectedCount: number): Promise<void> {
  const pids = recordedPids(mode);
  expect(pids).toHaveLength(expectedCount);
  await waitFor(() => pids.every((pid) => !processAlive(pid)), 3_000, `every ${mode} process to be gone (${pids.join(', ')})`);
}

/** The host keeps serving: a normal backend answers right after the fault. */
async function nextRunWorks(): Promise<void> {
  const reply = await run('llm', 'after the fault');
  expect(reply).toMatchObject({ ok: true, text: 'llm:gpt-4o-mini:after the fault\n' });
}

beforeAll(async () => {
  // The faulty `claude` comes first on PATH; every other built-in is the well-behaved fake.
  hostEnv = makeHostEnv();
  hostEnv.env.PATH = [join(FAULTY, 'path'), hostEnv.env.PATH].join(delimiter);
  const custom: Record<string, unknown> = {};
  for (const mode of MODES) custom[`fault-${mode}`] = { bin: join(FAULTY, 'misbehave'), args: [mode], env: { PID_FILE: pidFile(mode) } };
  hostEnv.writeConfig({ custom });
  host = spawnHost({ env: hostEnv.env });
  host.send({ id: 0, type: 'hello' });
  HelloReply.parse(await host.next((m) => m.id === 0));
});

afterAll(async () => {
  expect(await host.close(15_000)).toBe(0);
  hostEnv.cleanup();
  console.log(`faults: ${injected.length} injected (${injected.join(', ')}); host never exited`);
});

describe('backends that misbehave', () => {
  const cases: Array<[Mode, number, (r: RunResult) => void, number]> = [
    ['hang', 1_000, (r) => expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } }), 2],
    ['fork-exit', 20_000, (r) => expect(r).toMatchObject({ ok: true, text: '{"drifting": false, "reason": "fork-exit answered"}' }), 5],
    [
      'flood',
      20_000,
      (r) => expect(r).toMatchObject({ ok: false, error: { kind: 'api_error', message: expect.stringMatching(/1 MB/) } }),
      1,
    ],
    ['term-writer', 1_000, (r) => expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } }), 2],
    ['garbage', 20_000, (r) => expect(r.ok).toBe(true), 1],
  ];

  it.each(cases)('%s: classified, no process of its group left, the next run works', async (mode, timeoutMs, check, processes) => {
    const rssBefore = rssMb();
    const started = Date.now();
    const reply = await run(`fault-${mode}`, 'Is this drift?', timeoutMs);
    const took = Date.now() - started;
    injected.push(mode);
    check(reply);
    await expectGroupGone(mode, processes);
    // Bounded time: a timeout is SIGTERM, then SIGKILL 2 s later; a normal exit is not waited on for its children.
    expect(took).toBeLessThan(timeoutMs === 1_000 ? 6_000 : 4_000);
    expect(rssMb() - rssBefore).toBeLessThan(60);
    expect(host.proc.exitCode).toBeNull();
    await nextRunWorks();
  });

  it('garbage is delivered as valid text the role parsers then refuse', async () => {
    const reply = await run('fault-garbage', 'judge');
    injected.push('garbage (parsed)');
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.text).toContain('\uFFFD');
    expect(() => parseVerdict(reply.text)).toThrow();
  });

  it('a built-in CLI that exits 0 with garbage instead of its JSON is "empty", not an answer', async () => {
    const reply = await run('claude', 'judge');
    injected.push('claude garbage');
    expect(reply).toMatchObject({ ok: false, error: { kind: 'empty' } });
    await nextRunWorks();
  });

  it('two faults at once do not block a third, well-behaved run', async () => {
    const id1 = nextId++;
    const id2 = nextId++;
    host.send({ id: id1, type: 'run', backend: 'fault-term-writer', prompt: 'x', timeoutMs: 1_000 });
    host.send({ id: id2, type: 'run', backend: 'fault-flood', prompt: 'x', timeoutMs: 20_000 });
    injected.push('term-writer + flood concurrently');
    const [a, b] = await Promise.all([host.next((m) => m.id === id1, 15_000), host.next((m) => m.id === id2, 15_000)]);
    expect(RunResult.parse(a)).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(RunResult.parse(b)).toMatchObject({ ok: false, error: { kind: 'api_error' } });
    await nextRunWorks();
    for (const pid of [...recordedPids('term-writer'), ...recordedPids('flood')]) expect(processAlive(pid), `pid ${pid}`).toBe(false);
  });
});

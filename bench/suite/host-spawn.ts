// Section 4s, host spawn: a new host process (as connectNative starts one) → `hello` answered, and → its first `window` frame.
import { spawn } from 'node:child_process';
import { makeHostEnv } from '../../tests/host/helpers/host-env';
import { startBenchHost } from './host-process';
import { summarize, wallNow, type Summary } from './stats';
import { startDesk } from './x-desk';

export interface HostSpawnResult {
  /** Spawn → the `hello` reply arrived (hello sent right after the spawn, as the extension does). */
  helloMs: Summary;
  /** Spawn → the first `window` frame (the X11 watcher running and reporting the active window). */
  firstWindowMs: Summary;
  /** The floor: spawn → the first byte from a `node` that prints one and does nothing else, same environment. */
  bareNodeMs: Summary;
  /**
   * Spawn → hello with NODE_EXTRA_CA_CERTS removed, when this machine sets it: Node then parses that
   * CA bundle at every start, a cost of the machine's setup that most people's do not have.
   */
  helloWithoutExtraCaMs?: Summary;
}

/** Spawn → the first stdout byte of a bare `node -e`, in the environment the hosts get. */
async function bareNodeStart(extraEnv: NodeJS.ProcessEnv): Promise<number> {
  const env = makeHostEnv(extraEnv);
  try {
    const started = wallNow();
    const child = spawn(process.execPath, ['-e', "process.stdout.write('x')"], { env: env.env, stdio: ['ignore', 'pipe', 'ignore'] });
    const ms = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', () => resolve(wallNow() - started));
      child.once('error', reject);
    });
    await new Promise((resolve) => child.once('close', resolve));
    return ms;
  } finally {
    env.cleanup();
  }
}

/** Spawns a host, sends hello at once, waits for the reply and the first window; the times from the spawn. */
async function spawnOnce(env: NodeJS.ProcessEnv): Promise<{ hello: number; firstWindow: number }> {
  const started = wallNow();
  const host = startBenchHost(env);
  try {
    host.handle.send({ id: 1, type: 'hello' });
    await host.handle.next((m) => m.type === 'hello', 15_000);
    await host.handle.next((m) => m.type === 'window', 15_000);
    const at = (type: string) => host.frames.find((f) => f.msg.type === type)!.at;
    return { hello: at('hello') - started, firstWindow: at('window') - started };
  } finally {
    await host.close();
  }
}

export async function benchHostSpawn(opts: { spawns: number }): Promise<HostSpawnResult> {
  const desk = await startDesk(['BenchSpawn'], 150);
  const hello: number[] = [];
  const firstWindow: number[] = [];
  const bare: number[] = [];
  const withoutCa: number[] = [];
  const extraCa = desk.x.env.NODE_EXTRA_CA_CERTS !== undefined;
  const noCaEnv = { ...desk.x.env };
  delete noCaEnv.NODE_EXTRA_CA_CERTS;
  try {
    await desk.activate('BenchSpawn');
    for (let i = 0; i < opts.spawns + 2; i++) {
      const t = await spawnOnce(desk.x.env);
      const b = await bareNodeStart(desk.x.env);
      const c = extraCa ? (await spawnOnce(noCaEnv)).hello : undefined;
      // The first two rounds warm the page cache: a person's first connect of the day is not measured either.
      if (i < 2) continue;
      hello.push(t.hello);
      firstWindow.push(t.firstWindow);
      bare.push(b);
      if (c !== undefined) withoutCa.push(c);
    }
    return {
      helloMs: summarize(hello),
      firstWindowMs: summarize(firstWindow),
      bareNodeMs: summarize(bare),
      ...(extraCa ? { helloWithoutExtraCaMs: summarize(withoutCa) } : {}),
    };
  } finally {
    await desk.stop();
  }
}

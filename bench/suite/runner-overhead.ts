// Section 4: the host's per-run overhead: `run` of an instant fake CLI through the host vs spawning it directly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startBenchHost } from './host-process';
import { summarize, type Summary } from './stats';

/** A node script (a CLI as most backends are: a node start-up per call) and cat (a native, truly instant one). */
export const INSTANT_CLIS = {
  'node instant-cli.mjs': fileURLToPath(new URL('../instant-cli.mjs', import.meta.url)),
  '/bin/cat': '/bin/cat',
} as const;

export interface RunnerOverheadResult {
  cli: string;
  samples: number;
  directMs: Summary;
  viaHostMs: Summary;
  /** Per sample: host round trip minus the direct spawn measured right before it. */
  overheadMs: Summary;
}

function spawnDirect(bin: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(bin, [], { env, stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    child.on('error', reject);
    child.stdout.resume();
    child.stderr.resume();
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`instant CLI exited ${code}`))));
    child.stdin.end('prompt');
  });
}

export async function benchRunnerOverhead(cli: keyof typeof INSTANT_CLIS, samples: number): Promise<RunnerOverheadResult> {
  const bin = INSTANT_CLIS[cli];
  const host = startBenchHost({ DISPLAY: '' });
  host.env.writeConfig({ custom: { instant: { bin, args: [] } } });
  let id = 1;
  const viaHost = async (): Promise<number> => {
    const requestId = id++;
    const started = performance.now();
    host.handle.send({ id: requestId, type: 'run', backend: 'instant', prompt: 'prompt', timeoutMs: 30_000 });
    const reply = await host.handle.next((m) => m.id === requestId, 30_000);
    const ms = performance.now() - started;
    if (reply.ok !== true || reply.text !== (bin === '/bin/cat' ? 'prompt' : 'ok'))
      throw new Error(`run through the host failed: ${JSON.stringify(reply)}`);
    return ms;
  };
  try {
    host.handle.send({ id: id++, type: 'hello' });
    await host.handle.next((m) => m.type === 'hello');
    for (let i = 0; i < 5; i++) {
      await spawnDirect(bin, host.env.env);
      await viaHost();
    }
    const direct: number[] = [];
    const hosted: number[] = [];
    const overhead: number[] = [];
    for (let i = 0; i < samples; i++) {
      const d = await spawnDirect(bin, host.env.env);
      const h = await viaHost();
      direct.push(d);
      hosted.push(h);
      overhead.push(h - d);
    }
    return { cli, samples, directMs: summarize(direct), viaHostMs: summarize(hosted), overheadMs: summarize(overhead) };
  } finally {
    await host.close();
  }
}

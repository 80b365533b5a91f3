// The built host as a process with real framing, each received frame stamped with its wall-clock arrival time.
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env';
import { HOST_DIST, spawnHost, type HostHandle } from '../../harness/spawn-host';
import { existsSync } from 'node:fs';
import { waitFor } from '../../harness/xvfb';
import type { Runner } from '../../harness/runner';
import { wallNow } from './stats';

export interface StampedFrame {
  at: number;
  msg: Record<string, unknown>;
}

export interface BenchHost {
  handle: HostHandle;
  env: HostTestEnv;
  pid: number;
  frames: StampedFrame[];
  close(): Promise<void>;
}

export function assertHostBuilt(): void {
  if (!existsSync(HOST_DIST)) throw new Error(`the host is not built (${HOST_DIST} missing): run \`npm run build\` first`);
}

/** `launcher`: an installed helper's launcher, started as a browser starts it; else the checkout's build (inside `runner`'s root, if given). */
export function startBenchHost(extraEnv: NodeJS.ProcessEnv = {}, launcher?: string, runner?: Runner): BenchHost {
  if (!launcher) assertHostBuilt();
  const env = makeHostEnv(extraEnv);
  const handle = spawnHost({ env: env.env, ...(launcher ? { launcher } : {}), ...(runner ? { runner } : {}) });
  const frames: StampedFrame[] = [];
  // Added after spawnHost's own parser, so by the time this runs the chunk's frames are in `received`.
  handle.proc.stdout.on('data', () => {
    const at = wallNow();
    while (frames.length < handle.received.length) frames.push({ at, msg: handle.received[frames.length] as Record<string, unknown> });
  });
  return {
    handle,
    env,
    pid: handle.proc.pid!,
    frames,
    async close() {
      await handle.close();
      env.cleanup();
    },
  };
}

export async function waitForWatcherRunning(host: BenchHost, timeoutMs = 15_000): Promise<void> {
  await waitFor(
    () => host.frames.some((f) => f.msg.type === 'watcher' && f.msg.state === 'running'),
    `the host's window watcher to run (frames: ${JSON.stringify(host.frames.map((f) => f.msg)).slice(0, 500)})`,
    timeoutMs,
  );
}

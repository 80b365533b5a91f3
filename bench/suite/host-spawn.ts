// Section 4s, host spawn: a new host process (as connectNative starts one) → `hello` answered, and → its first `window` frame.
import { startBenchHost } from './host-process';
import { summarize, wallNow, type Summary } from './stats';
import { startDesk } from './x-desk';

export interface HostSpawnResult {
  /** Spawn → the `hello` reply arrived (hello sent right after the spawn, as the extension does). */
  helloMs: Summary;
  /** Spawn → the first `window` frame (the X11 watcher running and reporting the active window). */
  firstWindowMs: Summary;
}

export async function benchHostSpawn(opts: { spawns: number }): Promise<HostSpawnResult> {
  const desk = await startDesk(['BenchSpawn'], 150);
  const hello: number[] = [];
  const firstWindow: number[] = [];
  try {
    await desk.activate('BenchSpawn');
    for (let i = 0; i < opts.spawns + 2; i++) {
      const started = wallNow();
      const host = startBenchHost(desk.x.env);
      try {
        host.handle.send({ id: 1, type: 'hello' });
        await host.handle.next((m) => m.type === 'hello', 15_000);
        await host.handle.next((m) => m.type === 'window', 15_000);
        const at = (type: string) => host.frames.find((f) => f.msg.type === type)!.at;
        // The first two spawns warm the page cache: a person's first connect of the day is not measured either.
        if (i < 2) continue;
        hello.push(at('hello') - started);
        firstWindow.push(at('window') - started);
      } finally {
        await host.close();
      }
    }
    return { helloMs: summarize(hello), firstWindowMs: summarize(firstWindow) };
  } finally {
    await desk.stop();
  }
}

// Sections 1 and 1w: OS window switch → host `window` event, the event-driven watcher vs a 1 s poller of the same desktop; idle CPU.
import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from '../../harness/xvfb';
import { sampleCpu, type CpuSample } from '../../harness/proc';
import { seededRng } from './rng';
import { round, sleep, summarize, wallNow, type Summary } from './stats';
import { startBenchHost, waitForWatcherRunning } from './host-process';

/** A desktop with two windows to switch between, and the 1 s poller of the same desktop to compare with. */
export interface SwitchDesk {
  /** The app names (X11 class, Wayland app_id) of the two windows. */
  targets: readonly [string, string];
  /** The session variables the host gets on top of its hermetic test environment (DISPLAY, or WAYLAND_DISPLAY…). */
  hostEnv: NodeJS.ProcessEnv;
  /** The poller's whole environment. */
  pollerEnv: NodeJS.ProcessEnv;
  /** The poller script (bench/*-poller.mjs): one JSON line `{app}` per change it sees. */
  poller: string;
  /** Switches to the window of `target` and resolves with the wall time the switching command returned. */
  activate(target: string): Promise<number>;
  stop(): Promise<void>;
}

export interface WatcherResult {
  switches: number;
  watcherLatencyMs: Summary;
  /** Upper bound: from just before spawning xdotool (its own start-up included) to the event. */
  watcherLatencyFromDispatchMs: Summary;
  pollerLatencyMs: Summary;
  /** Events that reached us before `xdotool --sync` itself had returned (counted as 0 ms). */
  watcherEventsBeforeCommandReturned: number;
  /** Conservative: the poller's p95 (from return) over the watcher's upper-bound p95 (from dispatch). */
  p95Ratio: number;
  idle: {
    /** Quiet time before measuring (V8's one-off GC after activity falls in it). */
    settleSeconds: number;
    seconds: number;
    cpuSecondsPerHour: { watcherHost: number; bareNode: number; poller: number };
    cpuSecondsPerHourTicks: { watcherHost: number; bareNode: number; pollerWithChildren: number };
    watcherVsBareNode: number;
  };
}

interface Stamped {
  at: number;
  app: string;
}

function startPoller(script: string, env: NodeJS.ProcessEnv): { proc: ChildProcess; lines: Stamped[] } {
  const proc = spawn(process.execPath, [script], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const lines: Stamped[] = [];
  let buffered = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    const at = wallNow();
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      lines.push({ at, app: (JSON.parse(line) as { app: string }).app });
    }
  });
  return { proc, lines };
}

function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

function perHour(before: number, after: number, seconds: number): number {
  return round(((after - before) / seconds) * 3600, 3);
}

export async function benchWatcher(
  desk: SwitchDesk,
  opts: { switches: number; idleSeconds: number; idleSettleSeconds: number },
): Promise<WatcherResult> {
  const host = startBenchHost(desk.hostEnv);
  let poller: ReturnType<typeof startPoller> | undefined;
  let bare: ChildProcess | undefined;
  try {
    await waitForWatcherRunning(host);
    poller = startPoller(desk.poller, desk.pollerEnv);
    // Start from a known state, the second window in front as both see it: the window manager may give the focus to the
    // last window opened only after the host has reported the first, and a first switch to a window already in front is no switch.
    const lastApp = (apps: string[]) => apps.at(-1);
    const hostApps = () => host.frames.flatMap((f) => (f.msg.type === 'window' ? [String(f.msg.app)] : []));
    await desk.activate(desk.targets[1]);
    await waitFor(() => lastApp(hostApps()) === desk.targets[1], `the watcher to report ${desk.targets[1]} in front`, 10_000, 2);
    await waitFor(() => lastApp(poller!.lines.map((l) => l.app)) === desk.targets[1], `the poller to see ${desk.targets[1]}`, 10_000, 5);
    const rng = seededRng(7);
    const watcherMs: number[] = [];
    const fromDispatchMs: number[] = [];
    const pollerMs: number[] = [];
    let early = 0;
    const total = opts.switches + 4; // the first 4 are warm-up
    for (let i = 0; i < total; i++) {
      const target = desk.targets[i % 2]!;
      const hostMark = host.frames.length;
      const pollMark = poller.lines.length;
      // A random pause puts the switch at a random phase of the poller's second.
      await sleep(rng.int(0, 300));
      const dispatched = wallNow();
      const returned = await desk.activate(target);
      const hostEvent = await waitFor(
        () => host.frames.slice(hostMark).find((f) => f.msg.type === 'window' && f.msg.app === target),
        `watcher event for ${target}`,
        10_000,
        2,
      );
      const polled = await waitFor(
        () => poller!.lines.slice(pollMark).find((l) => l.app === target),
        `poller line for ${target} (poller said: ${JSON.stringify(poller!.lines.slice(-5))}, exit ${poller!.proc.exitCode})`,
        10_000,
        5,
      );
      if (i < 4) continue;
      if (hostEvent.at < returned) early++;
      // An event that arrived before the command returned counts as 0: the switch was already visible.
      watcherMs.push(Math.max(0, hostEvent.at - returned));
      fromDispatchMs.push(hostEvent.at - dispatched);
      pollerMs.push(Math.max(0, polled.at - returned));
      if (hostEvent.at < dispatched) throw new Error('watcher event predates the switch: stale frame matched');
    }

    // Idle: nothing switches; the host (watcher attached), the poller and a bare node process side by side.
    bare = spawn(process.execPath, ['-e', 'setInterval(()=>{}, 1<<30)'], { stdio: 'ignore' });
    // Settle first: V8 runs a one-off memory-reducing GC 5–20 s after activity (about 0.1 s of CPU, once),
    // and bare node finishes its start-up; the idle rate is what follows.
    await sleep(opts.idleSettleSeconds * 1000);
    const pids = { host: host.pid, poller: poller.proc.pid!, bare: bare.pid! };
    const before: Record<string, CpuSample> = {
      host: sampleCpu(pids.host),
      poller: sampleCpu(pids.poller, true),
      bare: sampleCpu(pids.bare),
    };
    const pollerOwnBefore = sampleCpu(pids.poller);
    const started = performance.now();
    await sleep(opts.idleSeconds * 1000);
    const seconds = (performance.now() - started) / 1000;
    const after: Record<string, CpuSample> = {
      host: sampleCpu(pids.host),
      poller: sampleCpu(pids.poller, true),
      bare: sampleCpu(pids.bare),
    };
    const pollerOwnAfter = sampleCpu(pids.poller);
    // Poller: its own threads (precise) plus its reaped xprop children (ticks; they are gone before we could read them).
    const pollerChildren =
      after.poller!.ticksSeconds - pollerOwnAfter.ticksSeconds - (before.poller!.ticksSeconds - pollerOwnBefore.ticksSeconds);
    const precise = {
      watcherHost: perHour(before.host!.preciseSeconds, after.host!.preciseSeconds, seconds),
      bareNode: perHour(before.bare!.preciseSeconds, after.bare!.preciseSeconds, seconds),
      poller: round(perHour(pollerOwnBefore.preciseSeconds, pollerOwnAfter.preciseSeconds, seconds) + (pollerChildren / seconds) * 3600, 3),
    };
    const w = summarize(watcherMs);
    const wUpper = summarize(fromDispatchMs);
    const p = summarize(pollerMs);
    return {
      switches: watcherMs.length,
      watcherLatencyMs: w,
      watcherLatencyFromDispatchMs: wUpper,
      pollerLatencyMs: p,
      watcherEventsBeforeCommandReturned: early,
      // The watcher's event usually beats xdotool's return (p95 of 0 ms), so divide by its upper bound instead.
      p95Ratio: round(p.p95 / Math.max(wUpper.p95, 0.01), 1),
      idle: {
        settleSeconds: opts.idleSettleSeconds,
        seconds: round(seconds, 1),
        cpuSecondsPerHour: precise,
        cpuSecondsPerHourTicks: {
          watcherHost: perHour(before.host!.ticksSeconds, after.host!.ticksSeconds, seconds),
          bareNode: perHour(before.bare!.ticksSeconds, after.bare!.ticksSeconds, seconds),
          pollerWithChildren: perHour(before.poller!.ticksSeconds, after.poller!.ticksSeconds, seconds),
        },
        watcherVsBareNode: round(precise.watcherHost / Math.max(precise.bareNode, 1e-6), 2),
      },
    };
  } finally {
    if (bare) await stopProcess(bare);
    if (poller) await stopProcess(poller.proc);
    await host.close();
    await desk.stop();
  }
}

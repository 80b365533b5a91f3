// Section 1d: the newer desktops (Debian trixie and sid roots): focus switch → window frame from the helper running inside each.
import { ensureDesktopRoots } from '../../harness/desktop-roots';
import { NEWER_DESKTOPS, type DesktopWindow } from '../../harness/newer-desktops';
import { waitFor } from '../../harness/xvfb';
import { startBenchHost, waitForWatcherRunning } from './host-process';
import { percentile, round, sleep, summarize, wallNow, type Summary } from './stats';

export interface DesktopSwitchResult {
  id: string;
  label: string;
  /** From just before the switching command was spawned (through the root's entry) to the frame's arrival. */
  fromDispatchMs: Summary;
  /** The same command's own start-up: the median of its no-op (`--version`/help) through the same entry. */
  commandStartupMs: number;
  /** fromDispatch minus that start-up: what the budget judges. */
  afterStartupMs: Summary;
}

/** The switching tool of each desktop, run as a no-op to measure its start-up (root entry included). */
const NOOP: Record<string, [string, string[]]> = {
  'gnome-shell': ['gdbus', ['help']],
  kwin: ['dbus-send', ['--help']],
  'wlr-foreign-toplevel': ['wlrctl', ['--help']],
  'sway-ipc': ['swaymsg', ['--version']],
};

export async function benchDesktops(switches: number): Promise<DesktopSwitchResult[]> {
  const roots = ensureDesktopRoots();
  const results: DesktopSwitchResult[] = [];
  for (const d of NEWER_DESKTOPS) {
    const desktop = await d.start(roots[d.suite]!).catch((error: Error) => {
      throw new Error(`${d.name} did not start: ${error.message}`, { cause: error });
    });
    const host = startBenchHost(desktop.env, undefined, desktop.runner);
    try {
      // As long as the desktops tier gives it: the helper starts on the root's own Node, through the root's entry.
      await waitForWatcherRunning(host, 20_000).catch((error: Error) => {
        throw new Error(`${desktop.label}: ${error.message}; the helper's stderr: ${host.handle.stderr().slice(-1500)}`, { cause: error });
      });
      const titles = [`${d.id} edit`, `${d.id} chat`] as const;
      const windows: DesktopWindow[] = [];
      for (const [i, t] of titles.entries()) windows.push(await desktop.open(`bench-${i}`, t));
      const [tool, args] = NOOP[d.watcher]!;
      const startups: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t0 = wallNow();
        await desktop.runner.exec(tool, args, { env: desktop.env }).catch(() => undefined);
        startups.push(wallNow() - t0);
      }
      const commandStartupMs = round(percentile(startups, 50));
      const fromDispatch: number[] = [];
      const total = switches + 4; // the first 4 warm up
      for (let i = 0; i < total; i++) {
        const target = i % 2;
        const mark = host.frames.length;
        const w = windows[target]!;
        const focus = w.prepareFocus ? await w.prepareFocus() : () => w.focus();
        await sleep(50);
        const dispatched = wallNow();
        await focus();
        const frame = await waitFor(
          () => host.frames.slice(mark).find((f) => f.msg.type === 'window' && f.msg.title === titles[target]),
          `the frame for ${titles[target]}`,
          10_000,
          2,
        );
        if (i >= 4) fromDispatch.push(frame.at - dispatched);
      }
      results.push({
        id: d.id,
        label: desktop.label,
        fromDispatchMs: summarize(fromDispatch),
        commandStartupMs,
        afterStartupMs: summarize(fromDispatch.map((v) => Math.max(0, v - commandStartupMs))),
      });
    } finally {
      await host.close();
      await desktop.stop();
    }
  }
  return results;
}

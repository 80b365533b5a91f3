// What every desktop must give a person, asserted against the built helper running inside that desktop's own root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelloReply } from '../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { spawnHost, type HostHandle } from '../../harness/spawn-host.js';
import type { NewerDesktop, DesktopUnderTest } from '../../harness/newer-desktops';
import { waitFor } from '../../harness/processes';
import { cpuSecondsFromStat } from '../../harness/proc';

type Frame = Record<string, unknown>;
const QUIET_MS = 600;

/** The person's view, through the helper over real native messaging: which window frames arrive for each thing they do. */
export function describeDesktop(d: NewerDesktop, root: () => string): void {
  describe(`${d.name} (Debian ${d.suite}, headless)`, () => {
    let desktop: DesktopUnderTest;
    let hostEnv: HostTestEnv;
    let host: HostHandle;
    const windowFrames = () => host.received.filter((m): m is Frame => (m as Frame).type === 'window');
    /** The window titles pushed while `act` runs and for QUIET_MS after the expected one (or after it, when none is expected). */
    async function titlesOf(act: () => Promise<void> | void, expected?: string): Promise<string[]> {
      const mark = windowFrames().length;
      await act();
      if (expected !== undefined)
        await waitFor(
          () =>
            windowFrames()
              .slice(mark)
              .some((f) => f.title === expected),
          `a window frame "${expected}"`,
          10_000,
        ).catch((err: Error) => {
          throw new Error(
            `${err.message}; the helper sent: ${JSON.stringify(host.received.slice(-8))}; stderr: ${host.stderr().slice(-1500)}`,
          );
        });
      await new Promise((r) => setTimeout(r, QUIET_MS));
      return windowFrames()
        .slice(mark)
        .map((f) => String(f.title));
    }

    beforeAll(async () => {
      desktop = await d.start(root());
      hostEnv = makeHostEnv(desktop.env);
    }, 120_000);
    afterAll(async () => {
      await host?.close();
      await desktop?.stop();
      hostEnv?.cleanup();
    });

    it('is the version this row claims; hello from the helper inside names the watcher, running; idle CPU 0 after start-up', async () => {
      expect(desktop.label).toMatch(d.version);
      host = spawnHost({ env: hostEnv.env, runner: desktop.runner });
      await host.next((m) => m.type === 'watcher' && m.state === 'running', 20_000);
      host.send({ id: 1, type: 'hello' });
      const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
      expect(hello.watcher).toMatchObject({ kind: d.watcher, state: 'running' });
      // Start-up includes V8's one-off memory-reducing GC some 8–10 s after the activity (measured: 3–6 ticks, once).
      // After it, nothing may run: a quiet 5 s window with no CPU tick, of three tries (any periodic work fails all three).
      await new Promise((r) => setTimeout(r, 12_000));
      const windows: number[] = [];
      for (let i = 0; i < 3 && windows.at(-1) !== 0; i++) {
        const before = cpuSecondsFromStat(host.proc.pid!);
        await new Promise((r) => setTimeout(r, 5_000));
        windows.push(cpuSecondsFromStat(host.proc.pid!) - before);
      }
      expect(windows.at(-1), `CPU seconds (in 10 ms ticks) of an idle helper per 5 s window: ${windows.join(', ')}`).toBe(0);
    }, 60_000);

    it('focus changes and title changes of the focused window arrive once each; background titles wait for focus; re-focus is silent', async () => {
      const a = await desktop.open('antidrift-alpha', 'Alpha notes');
      const b = await desktop.open('antidrift-beta', 'Beta video');
      await titlesOf(() => a.focus(), 'Alpha notes');
      expect(await titlesOf(() => b.focus(), 'Beta video')).toEqual(['Beta video']);
      expect(await titlesOf(() => a.focus(), 'Alpha notes')).toEqual(['Alpha notes']);
      expect(await titlesOf(() => a.setTitle('Alpha, chapter 2'), 'Alpha, chapter 2')).toEqual(['Alpha, chapter 2']);
      expect(await titlesOf(() => b.setTitle('Beta, changed in the background'))).toEqual([]);
      expect(await titlesOf(() => b.focus(), 'Beta, changed in the background')).toEqual(['Beta, changed in the background']);
      expect(await titlesOf(() => b.focus())).toEqual([]);
    }, 60_000);

    it('the watcher comes back after the compositor restarts', async () => {
      const states = () => host.received.filter((m) => (m as Frame).type === 'watcher').map((m) => (m as Frame).state);
      const mark = states().length;
      await desktop.restart();
      await waitFor(() => states().slice(mark).includes('failed'), 'the loss reported', 15_000);
      await waitFor(() => states().slice(mark).at(-1) === 'running', 'running again', 40_000);
      // Some desktops focus a new window themselves: count from before it opens.
      await titlesOf(async () => {
        const c = await desktop.open('antidrift-gamma', 'Gamma after restart');
        await c.focus();
      }, 'Gamma after restart');
    }, 90_000);
  });
}

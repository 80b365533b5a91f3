// An Xvfb + openbox display with named xterms to switch between (reuses the host tests' X helper).
import { fileURLToPath } from 'node:url';
import { startXServer, waitFor, type XServer } from '../../harness/xvfb';
import { wallNow } from './stats';
import type { SwitchDesk } from './watcher-bench';

export interface XDesk {
  x: XServer;
  /** Window id (decimal, as xdotool prints it) per xterm class. */
  windows: Map<string, string>;
  /** Activates the xterm of `cls` with `xdotool windowactivate --sync`; resolves with the wall time it returned. */
  activate(cls: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startDesk(classes: readonly string[], firstDisplay: number): Promise<XDesk> {
  const x = await startXServer({ firstDisplay });
  const windows = new Map<string, string>();
  try {
    for (const cls of classes) {
      x.spawnClient('xterm', ['-class', cls, '-T', `${cls} window`, '-geometry', '80x24']);
      const id = await waitFor(
        async () => {
          try {
            return (await x.run('xdotool', ['search', '--class', `^${cls}$`])).trim().split('\n')[0] || undefined;
          } catch {
            return undefined; // xdotool exits 1 while nothing matches
          }
        },
        `xterm ${cls} to map`,
        15_000,
        50,
      );
      windows.set(cls, id);
    }
  } catch (error) {
    await x.stop();
    throw error;
  }
  return {
    x,
    windows,
    async activate(cls) {
      const id = windows.get(cls);
      if (!id) throw new Error(`no xterm of class ${cls}`);
      await x.run('xdotool', ['windowactivate', '--sync', id]);
      return wallNow();
    },
    stop: () => x.stop(),
  };
}

const XPROP_POLLER = fileURLToPath(new URL('../xprop-poller.mjs', import.meta.url));

/** Two xterms under Xvfb + openbox, compared with the 1 s xprop poll many activity trackers use. */
export async function x11SwitchDesk(): Promise<SwitchDesk> {
  const targets = ['BenchEdit', 'BenchChat'] as const;
  const desk = await startDesk(targets, 140);
  return {
    targets,
    hostEnv: { DISPLAY: desk.x.display },
    pollerEnv: desk.x.env,
    poller: XPROP_POLLER,
    activate: (t) => desk.activate(t),
    stop: () => desk.stop(),
  };
}

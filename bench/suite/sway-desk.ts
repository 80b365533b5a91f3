// A headless sway with two foot windows to switch between, compared with a 1 s poll of the same compositor.
import { fileURLToPath } from 'node:url';
import { startSway, type SwayWindow } from '../../harness/sway';
import { wallNow } from './stats';
import type { SwitchDesk } from './watcher-bench';

const SWAY_POLLER = fileURLToPath(new URL('../sway-poller.mjs', import.meta.url));

export async function swaySwitchDesk(): Promise<SwitchDesk> {
  const sway = await startSway();
  const targets = ['bench-edit', 'bench-chat'] as const;
  try {
    // One after the other: the last one opened has the focus, so the first switch (to targets[0]) is a real change.
    const windows: SwayWindow[] = [];
    for (const t of targets) windows.push(await sway.openFoot(t, `${t} window`));
    return {
      targets,
      hostEnv: sway.env,
      pollerEnv: { ...process.env, ...sway.env },
      poller: SWAY_POLLER,
      async activate(target) {
        const w = windows.find((x) => x.appId === target);
        if (!w) throw new Error(`no foot window ${target}`);
        await w.focus();
        return wallNow();
      },
      stop: () => sway.stop(),
    };
  } catch (error) {
    await sway.stop();
    throw error;
  }
}

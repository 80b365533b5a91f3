// sway: focus and title events from its IPC socket ($SWAYSOCK), found again after sway restarts.
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

export const sway: DesktopSpec = {
  kind: 'sway-ipc',
  label: 'sway',
  session: 'wayland',
  detect: ({ env, exists }) => {
    const socket = env.SWAYSOCK?.trim();
    if (socket && exists(socket)) return { found: true, why: `sway IPC at $SWAYSOCK (${socket})`, socket };
    return { found: false, why: socket ? `$SWAYSOCK (${socket}) does not exist` : 'no $SWAYSOCK (not sway)' };
  },
  start: (sink, context) => startOnDemand(sway, sink, context, async () => (await import('./watcher.js')).startSwayWatcher),
  states: { running: (socket) => `sway IPC (${socket}), event-driven` },
  doctor: { rows: watcherRows },
};

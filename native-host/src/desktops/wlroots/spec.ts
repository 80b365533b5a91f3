// wlroots compositors (river, labwc, Wayfire, …): the wlr-foreign-toplevel-management protocol on the Wayland socket.
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import { MANAGER_INTERFACE } from './protocol.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

/** `$WAYLAND_DISPLAY` as a path: absolute, or relative to `$XDG_RUNTIME_DIR`. */
function waylandSocketPath(env: NodeJS.ProcessEnv): string | undefined {
  const name = env.WAYLAND_DISPLAY?.trim();
  if (!name) return undefined;
  if (name.startsWith('/')) return name;
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  return runtime ? `${runtime}/${name}` : undefined;
}

export const wlroots: DesktopSpec = {
  kind: 'wlr-foreign-toplevel',
  label: 'wlroots',
  session: 'wayland',
  detect: ({ env, exists }) => {
    const socket = waylandSocketPath(env);
    if (socket && exists(socket))
      return { found: true, why: `wlr-foreign-toplevel-management on ${socket} (wlroots compositors: river, labwc, Wayfire, …)`, socket };
    return { found: false, why: socket ? `${socket} does not exist` : 'WAYLAND_DISPLAY or XDG_RUNTIME_DIR is not set' };
  },
  start: (sink, context) => startOnDemand(wlroots, sink, context, async () => (await import('./watcher.js')).startForeignToplevelWatcher),
  states: { running: (socket) => `${MANAGER_INTERFACE} on ${socket}, event-driven (no pid in this protocol)` },
  doctor: { rows: watcherRows },
};

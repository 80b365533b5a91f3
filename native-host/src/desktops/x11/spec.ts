// X11: the active window from the X server's _NET_ACTIVE_WINDOW, never in a Wayland session (its DISPLAY is XWayland).
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

export const x11: DesktopSpec = {
  kind: 'x11',
  label: 'X11',
  session: 'x11',
  detect: ({ wayland, display }) => {
    if (wayland)
      return {
        found: false,
        why: display ? `DISPLAY ${display} is XWayland in a Wayland session: it would see only XWayland windows` : 'no DISPLAY',
      };
    // x11 falls back to TCP :6000 when DISPLAY is unset; never let it guess.
    return display ? { found: true, why: `X11 session on DISPLAY ${display}`, display } : { found: false, why: 'no DISPLAY' };
  },
  start: (sink, context) => startOnDemand(x11, sink, context, async () => (await import('./watcher.js')).startX11Watcher),
  states: { running: (display) => `X11 display ${display}` },
  doctor: { rows: watcherRows },
};

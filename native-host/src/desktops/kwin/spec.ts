// KDE Plasma: a KWin script that calls the host back over the session bus on every focus or title change.
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import { desktopNames, type DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

export const kwin: DesktopSpec = {
  kind: 'kwin',
  label: 'KDE Plasma (KWin)',
  session: 'wayland',
  detect: ({ env }) => {
    if (!desktopNames(env).includes('kde') && env.KDE_SESSION_VERSION === undefined)
      return { found: false, why: 'not KDE Plasma (XDG_CURRENT_DESKTOP, KDE_SESSION_VERSION)' };
    return { found: true, why: `KDE Plasma${env.KDE_SESSION_VERSION ? ` ${env.KDE_SESSION_VERSION}` : ''}: a KWin script over D-Bus` };
  },
  start: (sink, context) => startOnDemand(kwin, sink, context, async () => (await import('./watcher.js')).startKwinWatcher),
  states: { running: (script) => `KWin script "${script}" over the session bus, event-driven` },
  doctor: { rows: watcherRows },
};

// macOS: the frontmost app and its window title through osascript (titles only with Screen Recording permission).
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

export const macos: DesktopSpec = {
  kind: 'macos',
  label: 'macOS',
  session: 'macos',
  detect: () => ({ found: true, why: 'macOS: the frontmost app through osascript' }),
  start: (sink, context) => startOnDemand(macos, sink, context, async () => (await import('./watcher.js')).startMacosWatcher),
  states: {
    running: () => 'frontmost app via osascript; window titles need Screen Recording permission for the browser (empty titles without it)',
    runningWithoutTitles:
      'frontmost app only: window titles are empty until the browser gets Screen Recording permission (System Settings → Privacy & Security)',
  },
  doctor: { rows: watcherRows },
};

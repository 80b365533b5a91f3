// Windows: the foreground window through user32, read by a PowerShell helper.
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

export const windows: DesktopSpec = {
  kind: 'windows',
  label: 'Windows',
  session: 'windows',
  detect: () => ({ found: true, why: 'Windows: the foreground window through user32' }),
  start: (sink, context) => startOnDemand(windows, sink, context, async () => (await import('./watcher.js')).startWindowsWatcher),
  states: { running: () => 'foreground window via PowerShell (user32)' },
  doctor: { rows: watcherRows },
};

// Windows: the foreground window through user32, read by a PowerShell helper.
import { loadedOnDemand } from '../../watcher/loaded-on-demand.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

export const windows: DesktopSpec = {
  kind: 'windows',
  label: 'Windows',
  session: 'windows',
  detect: () => ({ found: true, why: 'Windows: the foreground window through user32' }),
  start: (sink, context) =>
    loadedOnDemand(sink, 'windows', async () =>
      (await import('../../watcher/helper-source.js')).startHelperWatcher(sink, {
        kind: 'windows',
        helper: (await import('./script.js')).windowsHelperCommand(),
        runningMessage: windows.states.running(''),
        firstRetryMs: context.firstRetryMs,
        maxRetryMs: context.maxRetryMs,
      }),
    ),
  states: { running: () => 'foreground window via PowerShell (user32)' },
  doctor: { rows: watcherRows },
};

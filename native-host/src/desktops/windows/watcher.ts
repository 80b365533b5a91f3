// Windows window source: the PowerShell helper of script.ts, kept running by the shared helper-process watcher.
import { startHelperWatcher } from '../../watcher/helper-source.js';
import type { WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';
import { windowsHelperCommand } from './script.js';

export function startWindowsWatcher(sink: WatcherSink, options: WatcherStart): WatcherHandle {
  return startHelperWatcher(sink, {
    kind: 'windows',
    helper: windowsHelperCommand(),
    runningMessage: options.states.running(''),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
  });
}

// macOS window source: the osascript helper of script.ts, kept running by the shared helper-process watcher.
import { startHelperWatcher } from '../../watcher/helper-source.js';
import type { WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';
import { macosHelperCommand } from './script.js';

export function startMacosWatcher(sink: WatcherSink, options: WatcherStart): WatcherHandle {
  return startHelperWatcher(sink, {
    kind: 'macos',
    helper: macosHelperCommand(),
    runningMessage: options.states.running(''),
    // Without Screen Recording permission the helper says titles are unreadable: the spec says what to do.
    noTitlesMessage: options.states.runningWithoutTitles,
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
  });
}

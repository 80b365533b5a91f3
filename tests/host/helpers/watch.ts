// Test helper: a window watcher started in-process on a given session, recording what it emits.
import { startWatcher, type StartWatcherOptions } from '../../../native-host/src/watcher/index.js';
import type { WatcherEvent, WindowEvent } from '../../../shared/protocol/frames.js';
import { waitFor } from '../../../harness/processes';

export type Emitted = WindowEvent | WatcherEvent;

export function watchSession(env: NodeJS.ProcessEnv, options: Partial<StartWatcherOptions> = {}) {
  const seen: Emitted[] = [];
  const watcher = startWatcher({
    emit: (m) => seen.push(m),
    log: () => {},
    env,
    platform: 'linux',
    firstRetryMs: 100,
    maxRetryMs: 400,
    ...options,
  });
  const windows = () => seen.filter((e): e is WindowEvent => e.type === 'window');
  /** The first window event after index `after` that matches. */
  const next = (predicate: (e: WindowEvent) => boolean, what: string, after = 0) =>
    waitFor(() => windows().slice(after).find(predicate), what, 15_000);
  /** The window events of a quiet period (an absence cannot be awaited). */
  const quiet = async (ms: number) => {
    const before = windows().length;
    await new Promise((r) => setTimeout(r, ms));
    return windows().slice(before);
  };
  return { watcher, seen, windows, next, quiet };
}

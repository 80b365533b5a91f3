// Starts the OS active-window watcher that suits this platform/session, probing it unless the caller has; never throws.
import { existsSync } from 'node:fs';
import { chooseWatcher, type WatcherChoice } from './probe.js';
import { startChosenWatcher, type ChosenWatcherOptions, type Watcher } from './start-chosen.js';

export type { Watcher } from './start-chosen.js';

export interface StartWatcherOptions extends ChosenWatcherOptions {
  /** Override for tests; default process.platform. */
  platform?: NodeJS.Platform;
  /** The probe's choice when the caller made it already: one probe, one answer. */
  choice?: WatcherChoice;
}

/** For doctor and the tests; the helper itself starts its watcher with startChosenWatcher and the choice its hello reported. */
export function startWatcher(opts: StartWatcherOptions): Watcher {
  return startChosenWatcher(
    opts,
    (env) => opts.choice ?? chooseWatcher({ platform: opts.platform ?? process.platform, env, exists: existsSync }),
  );
}

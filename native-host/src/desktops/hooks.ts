// What a desktop adds to `install` and `doctor`, typed here: the running helper's specs never import the installer; it imports these.
import type { WatcherInfo } from '../../../shared/protocol/frames.js';

/** How `install` was asked about a desktop's own step: `--gnome-extension`, `--no-gnome-extension`, else detect. */
export interface DesktopInstallOptions {
  gnomeExtension: 'detect' | 'yes' | 'no';
}

/** What a desktop's step records for `uninstall` (the install record's entries of these kinds). */
export type DesktopInstallEntry =
  /** A folder that did not exist before. */
  | { kind: 'dir'; path: string }
  | { kind: 'file'; path: string; role: 'gnome-extension' }
  /** The GNOME Shell extension it enabled (uninstall disables it). */
  | { kind: 'gnome-enabled'; uuid: string };

/** A step `install` takes for this desktop (GNOME: its shell extension), recorded for `uninstall`. */
export interface DesktopInstallStep {
  /** How a failure is named ("GNOME Shell extension: …"). */
  label: string;
  wanted(options: DesktopInstallOptions, platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean;
  /** Does it, recording each thing as it is made (so a step that fails midway leaves nothing unrecorded); returns the rows `install` prints. */
  run(env: NodeJS.ProcessEnv, record: (entry: DesktopInstallEntry) => void): Promise<[string, string][]>;
}

/** What the desktops' own checks add to doctor's report (GNOME: its extension). */
export interface DesktopChecks {
  gnomeExtension?:
    | {
        installed: boolean;
        enabled?: boolean | undefined;
        path: string;
        /** What the running GNOME Shell made of it (absent when no shell answered), and the line that says it. */
        state?: string | undefined;
        message?: string | undefined;
      }
    | undefined;
}

/** The part of doctor's report a desktop reads: the watcher's status and the active window, and the desktops' own checks. */
export interface DesktopReport extends DesktopChecks {
  watcher: WatcherInfo & { activeWindow?: { title: string; app: string } | undefined };
}

export interface DesktopDoctor {
  /** The "Window watcher" rows when this desktop's watcher is the one chosen. */
  rows(report: DesktopReport): [string, string][];
  /** A check of its own in a session of this desktop, whichever watcher runs (GNOME: its extension): facts, then rows. */
  check?: {
    run(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Promise<DesktopChecks>;
    rows(report: DesktopReport): [string, string][];
  };
}

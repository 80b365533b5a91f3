// The shape of a desktop integration: how it is found, started, worded, installed and checked by doctor, in one object.
import type { WatcherHandle, WatcherSink } from '../watcher/watcher-types.js';
import type { DesktopDoctor, DesktopInstallStep } from './hooks.js';

/** Every desktop the host can watch, by the `kind` hello and doctor report. */
export type DesktopKind = 'windows' | 'macos' | 'x11' | 'sway-ipc' | 'hyprland' | 'kwin' | 'gnome-shell' | 'wlr-foreign-toplevel';

/** What the probe knows about the session before asking any desktop. */
export interface Session {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Whether a path exists (a socket, a runtime dir); injected so detection stays testable. */
  exists(path: string): boolean;
  /** A Wayland session: its `DISPLAY`, if any, is XWayland. */
  wayland: boolean;
  /** `$XDG_SESSION_TYPE`, trimmed and lower-case. */
  sessionType: string | undefined;
  /** `$DISPLAY`, trimmed. */
  display: string | undefined;
}

/** A desktop's answer to "is this you?": yes with where to connect, or no with why not, in words. */
export type Detection = { found: true; why: string; socket?: string; display?: string } | { found: false; why: string };

/** What a watcher is started with: the detection's socket or display, the session and the retry bounds. */
export interface StartContext {
  env: NodeJS.ProcessEnv;
  socket: string;
  display: string;
  /** Where a watcher may write its files (the KWin script); default: the host's private app-data dir. */
  dataDir?: string | undefined;
  firstRetryMs?: number | undefined;
  maxRetryMs?: number | undefined;
}

/** What a desktop's watcher is started with: the start context, and its spec's words for what it is doing. */
export interface WatcherStart extends StartContext {
  states: DesktopStates;
}

/** A desktop's watcher, as its module exports it: loaded by its spec only when that desktop is chosen. */
export type StartDesktopWatcher = (sink: WatcherSink, options: WatcherStart) => WatcherHandle;

/** What the person reads while the watcher works, beside the state (`running`, …). */
export interface DesktopStates {
  /** `running`: how it watches; `at` is where (a socket, a display, a script). */
  running(at: string): string;
  /** `running` when the OS hides window titles (macOS without Screen Recording permission). */
  runningWithoutTitles?: string;
  /** A desktop whose integration has states of its own (GNOME's extension): each, in the words hello and doctor use. */
  integration?: Readonly<Record<string, string>>;
}

export interface DesktopSpec {
  kind: DesktopKind;
  /** Its name for people: "GNOME", "KDE Plasma (KWin)". */
  label: string;
  /** Which sessions it can be: its OS, or on Linux and the BSDs an X11 or a Wayland session. */
  session: 'windows' | 'macos' | 'x11' | 'wayland';
  detect(session: Session): Detection;
  start(sink: WatcherSink, context: StartContext): WatcherHandle;
  states: DesktopStates;
  install?: DesktopInstallStep;
  doctor: DesktopDoctor;
}

/** The session's desktop names, lower-case (`ubuntu:GNOME` → ubuntu, gnome): what KDE and GNOME are recognised by. */
export function desktopNames(env: NodeJS.ProcessEnv): string[] {
  return `${env.XDG_CURRENT_DESKTOP ?? ''}:${env.XDG_SESSION_DESKTOP ?? ''}:${env.DESKTOP_SESSION ?? ''}`
    .toLowerCase()
    .split(/[:;]/)
    .map((d) => d.trim())
    .filter(Boolean);
}

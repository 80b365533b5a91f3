// Every desktop the host can watch, one spec each, in the order a session is probed (like backends/registry.ts for CLIs).
import type { DesktopKind, DesktopSpec } from './desktop-spec.js';
import { gnome } from './gnome/spec.js';
import { hyprland } from './hyprland/spec.js';
import { kwin } from './kwin/spec.js';
import { macos } from './macos/spec.js';
import { sway } from './sway/spec.js';
import { windows } from './windows/spec.js';
import { wlroots } from './wlroots/spec.js';
import { x11 } from './x11/spec.js';

/**
 * Among Wayland desktops the compositor's own event source comes first (sway IPC, Hyprland's socket,
 * a KWin script, the GNOME Shell extension), then the generic wlroots protocol.
 */
export const DESKTOP_SPECS: readonly DesktopSpec[] = [windows, macos, sway, hyprland, kwin, gnome, wlroots, x11];

/** The Linux and BSD desktops, in the order their reasons are listed. */
export const LINUX_WATCHERS: readonly DesktopKind[] = DESKTOP_SPECS.filter((s) => s.session === 'wayland' || s.session === 'x11').map(
  (s) => s.kind,
);

export function desktopSpec(kind: string): DesktopSpec | undefined {
  return DESKTOP_SPECS.find((spec) => spec.kind === kind);
}

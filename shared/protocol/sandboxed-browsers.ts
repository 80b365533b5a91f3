// Browsers from Snap and Flatpak (Linux): how each can reach the helper outside its sandbox, and what the person must do. Read by the installer, doctor and Options.
import type { BrowserId } from './browser-ids';
import { NATIVE_HOST_NAME } from './extension-id';

/** The installer's browsers (`--browser`) that come from Snap or Flatpak: all but Vivaldi. */
export type SandboxedBrowser = Exclude<BrowserId, 'vivaldi'>;

export interface SandboxedBrowserSpec {
  browser: SandboxedBrowser;
  packaging: 'snap' | 'flatpak';
  /** The snap's name or the Flatpak application ID. */
  appId: string;
  /** "Chromium from Flatpak" */
  label: string;
  /**
   * How the helper is reached. `portal`: the browser asks the desktop portal to start the host
   * registered outside the sandbox. `flatpak-spawn`: a proxy inside the sandbox asks Flatpak to start
   * it on the host, which takes one permission. `none`: the sandbox cannot start it at all.
   */
  reach: 'portal' | 'flatpak-spawn' | 'none';
  /** What works there and what to do, in a sentence or two. */
  advice: string;
  /** The command the person runs (Flatpak's permission), when there is one. */
  command?: string;
}

/** The permission a Flatpak browser needs to start a program outside its sandbox (`flatpak-spawn --host`). */
export const FLATPAK_SPAWN_PERMISSION = 'org.freedesktop.Flatpak';

export function flatpakPermissionCommand(appId: string): string {
  return `flatpak override --user --talk-name=${FLATPAK_SPAWN_PERMISSION} ${appId}`;
}

function flatpak(id: SandboxedBrowser, appId: string, name: string): SandboxedBrowserSpec {
  const command = flatpakPermissionCommand(appId);
  return {
    browser: id,
    packaging: 'flatpak',
    appId,
    label: `${name} from Flatpak`,
    reach: 'flatpak-spawn',
    advice:
      `${name} from Flatpak starts the helper through a small proxy inside its sandbox, which asks Flatpak to run it outside. ` +
      `That takes one permission: run \`${command}\`, then restart ${name}. (It lets ${name} start programs outside its sandbox.)`,
    command,
  };
}

// Sources (none of this can be tried here; the README marks these rows unverified): Firefox's snap
// talks to the WebExtensions portal Ubuntu's xdg-desktop-portal carries, which reads the usual
// ~/.mozilla manifest and asks the person once; Chromium's snap has no such support; Firefox 157+
// from Flatpak can use xdg-native-messaging-proxy where the system runs it; every Flatpak browser can
// run a proxy inside its sandbox through `flatpak-spawn --host`, given the permission above.
export const SANDBOXED_BROWSERS: readonly SandboxedBrowserSpec[] = [
  {
    browser: 'firefox',
    packaging: 'snap',
    appId: 'firefox',
    label: 'Firefox from Snap',
    reach: 'portal',
    advice:
      'Firefox from Snap starts the helper through the desktop portal (Ubuntu has it): the first time, it asks whether antidrift may start it; allow it. ' +
      `If you refused once, \`flatpak permission-remove webextensions ${NATIVE_HOST_NAME} snap.firefox\` lets it ask again. ` +
      'Where the portal is missing (some other distributions), use Firefox from a .deb or Mozilla’s own download.',
  },
  {
    browser: 'chromium',
    packaging: 'snap',
    appId: 'chromium',
    label: 'Chromium from Snap',
    reach: 'none',
    advice:
      'Chromium from Snap cannot start programs outside its sandbox, so it cannot reach the helper: the local rules work, desktop windows and the AI do not. ' +
      'For those, use Chrome, Brave, Edge or Chromium from a .deb or Flatpak, or Firefox.',
  },
  {
    ...flatpak('firefox', 'org.mozilla.firefox', 'Firefox'),
    advice:
      'Firefox 157 or newer from Flatpak reaches the helper by itself where the system runs xdg-native-messaging-proxy. ' +
      `Elsewhere it starts it through a small proxy inside its sandbox, which takes one permission: run \`${flatpakPermissionCommand('org.mozilla.firefox')}\`, then restart Firefox.`,
  },
  flatpak('chromium', 'org.chromium.Chromium', 'Chromium'),
  flatpak('chrome', 'com.google.Chrome', 'Chrome'),
  flatpak('brave', 'com.brave.Browser', 'Brave'),
  flatpak('edge', 'com.microsoft.Edge', 'Edge'),
];

export function sandboxedSpecsFor(id: SandboxedBrowser): SandboxedBrowserSpec[] {
  return SANDBOXED_BROWSERS.filter((spec) => spec.browser === id);
}

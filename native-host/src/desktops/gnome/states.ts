// What GNOME Shell has made of our extension (not installed, disabled, out of date, failed, waiting for login…) and what to do.
import { GNOME_EXTENSION_UUID } from './identity.js';

export const GNOME_INTEGRATION_STATES = [
  'active',
  'loading',
  'not-installed',
  'waiting-for-login',
  'disabled',
  'user-extensions-off',
  'out-of-date',
  'failed',
  'unknown',
] as const;
export type GnomeIntegrationState = (typeof GNOME_INTEGRATION_STATES)[number];

export interface GnomeIntegration {
  state: GnomeIntegrationState;
  /** GNOME Shell's version as it says it (out of date), or its load error (failed). */
  detail?: string;
}

/** GNOME Shell's ExtensionState numbers (misc/extensionUtils.js; 7 and 8 from GNOME 45). */
const STATE = {
  ACTIVE: 1,
  INACTIVE: 2,
  ERROR: 3,
  OUT_OF_DATE: 4,
  DOWNLOADING: 5,
  INITIALIZED: 6,
  DEACTIVATING: 7,
  ACTIVATING: 8,
  UNINSTALLED: 99,
};

export interface GnomeFacts {
  /** Our files are in the user's extensions folder. */
  installedOnDisk: boolean;
  /** org.gnome.Shell.Extensions.GetExtensionInfo(uuid), unpacked; {} when the shell does not know the uuid. */
  info: Record<string, unknown>;
  /** org.gnome.Shell.Extensions' UserExtensionsEnabled, when the shell has it. */
  userExtensionsEnabled?: boolean | undefined;
  shellVersion?: string | undefined;
}

export function gnomeIntegrationFrom(facts: GnomeFacts): GnomeIntegration {
  const state = facts.info.state;
  if (typeof state !== 'number') return { state: facts.installedOnDisk ? 'waiting-for-login' : 'not-installed' };
  switch (state) {
    case STATE.ACTIVE:
    case STATE.ACTIVATING:
      return { state: 'active' };
    case STATE.INACTIVE:
    case STATE.INITIALIZED:
    case STATE.DEACTIVATING:
      return { state: facts.userExtensionsEnabled === false ? 'user-extensions-off' : 'disabled' };
    case STATE.ERROR: {
      // GNOME Shell 50+ marks an extension ERROR while it loads (its module import is async) and sets the error text
      // only on a real failure: ERROR without text is loading.
      const error = typeof facts.info.error === 'string' ? facts.info.error.trim() : '';
      return error ? { state: 'failed', detail: error.slice(0, 300) } : { state: 'loading' };
    }
    case STATE.OUT_OF_DATE:
      return facts.shellVersion ? { state: 'out-of-date', detail: facts.shellVersion } : { state: 'out-of-date' };
    case STATE.UNINSTALLED:
      return { state: facts.installedOnDisk ? 'waiting-for-login' : 'not-installed' };
    default:
      return { state: 'unknown', detail: `GNOME Shell reports state ${state}` };
  }
}

const RELOGIN = 'then log out and back in (GNOME on Wayland loads extensions at login)';

/** One line for hello, doctor and Options: what the state is, then what to do about it. */
export function gnomeIntegrationMessage(i: GnomeIntegration): string {
  const ext = 'the antidrift GNOME Shell extension';
  switch (i.state) {
    case 'active':
      return `${ext} is active`;
    case 'loading':
      return `GNOME Shell is still loading ${ext}`;
    case 'not-installed':
      return `${ext} is not installed: run \`antidrift-host install\`, ${RELOGIN}`;
    case 'waiting-for-login':
      return `${ext} is installed; GNOME Shell loads it at the next login: log out and back in`;
    case 'disabled':
      return `${ext} is installed but disabled: turn it on in the Extensions app, or run \`gnome-extensions enable ${GNOME_EXTENSION_UUID}\``;
    case 'user-extensions-off':
      return `${ext} is installed, but extensions are turned off in this session: turn on "Use Extensions" in the Extensions app (or \`gsettings set org.gnome.shell disable-user-extensions false\`)`;
    case 'out-of-date':
      return `${ext} is out of date for GNOME Shell${i.detail ? ` ${i.detail}` : ' here'}: run \`antidrift-host install\` again (it writes this version), ${RELOGIN}`;
    case 'failed':
      return `${ext} failed to load${i.detail ? `: ${i.detail}` : ''}. Run \`antidrift-host install\` again, ${RELOGIN}; \`gnome-extensions info ${GNOME_EXTENSION_UUID}\` shows its state`;
    case 'unknown':
      return `${ext} is not answering${i.detail ? ` (${i.detail})` : ''}: run \`antidrift-host install\`, ${RELOGIN}; \`gnome-extensions info ${GNOME_EXTENSION_UUID}\` shows its state`;
  }
}

/** What the extension's files say when no GNOME Shell answered (doctor outside a running shell): on disk, enabled, or neither. */
export function gnomeFilesMessage(files: { installed: boolean; enabled?: boolean | undefined; path: string }): string {
  if (!files.installed) return `NOT installed at ${files.path}: run \`antidrift-host install\`, then log out and back in`;
  if (files.enabled === false)
    return `installed, NOT enabled: run \`gnome-extensions enable ${GNOME_EXTENSION_UUID}\` (or \`antidrift-host install\` again)`;
  return `installed${files.enabled ? ' and enabled' : ''} (${files.path})`;
}

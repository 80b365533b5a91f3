// Where the host keeps its config, private app data (run directories, policy files) and log.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_DIR_NAME = 'antidrift';

/** The person's home: `$HOME` (Windows: `$USERPROFILE`), else the OS's answer. Every part of the host asks here. */
export function home(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME || env.USERPROFILE || homedir();
}

/** `$XDG_CONFIG_HOME`, else `~/.config` (Linux and the BSDs). */
export function xdgConfigHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.XDG_CONFIG_HOME || join(home(env), '.config');
}

/** `$XDG_DATA_HOME`, else `~/.local/share` (Linux and the BSDs). */
export function xdgDataHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.XDG_DATA_HOME || join(home(env), '.local', 'share');
}

function platformConfigDir(): string {
  if (process.platform === 'win32') return process.env.APPDATA || join(home(), 'AppData', 'Roaming');
  if (process.platform === 'darwin') return join(home(), 'Library', 'Application Support');
  return xdgConfigHome();
}

function platformDataDir(): string {
  if (process.platform === 'win32') return process.env.LOCALAPPDATA || join(home(), 'AppData', 'Local');
  if (process.platform === 'darwin') return join(home(), 'Library', 'Application Support');
  return xdgDataHome();
}

/** The host's own config file: `$ANTIDRIFT_HOST_CONFIG`, else `<platform config dir>/antidrift/host.json`. */
export function hostConfigPath(): string {
  const fromEnv = process.env.ANTIDRIFT_HOST_CONFIG;
  if (fromEnv) return fromEnv;
  return join(platformConfigDir(), APP_DIR_NAME, 'host.json');
}

/** Private app-data folder (not created here: call `ensurePrivateDir`). */
export function appDataDir(): string {
  return join(platformDataDir(), APP_DIR_NAME);
}

/**
 * The helper's own copy of itself (`<version>/` folders) and the launcher the browsers start: a folder
 * of the person's, never a path inside npm's cache or a global prefix (npx deletes those).
 */
export function hostHomeDir(): string {
  return join(appDataDir(), 'host');
}

/** Parent of the per-run scratch directories backends run in. */
export function runsDir(): string {
  return join(appDataDir(), 'runs');
}

/** Default log file, used when `ANTIDRIFT_HOST_LOG=1` or the config asks for logging. */
export function logFilePath(): string {
  return join(appDataDir(), 'host.log');
}

/**
 * Creates `path` (and parents) readable only by the current user. An existing directory with
 * looser permissions is tightened, because prompts and backend output pass through it.
 */
export function ensurePrivateDir(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') {
    const mode = statSync(path).mode & 0o777;
    if (mode !== 0o700) chmodSync(path, 0o700);
  }
  return path;
}

// Installs, enables and removes the antidrift GNOME Shell extension (gnome-extensions, else gsettings; never a shell).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLine } from '../../backends/text-utils.js';
import { home, xdgDataHome } from '../../paths.js';
import { spawnCapture } from '../../runner/spawn-capture.js';
import { GNOME_FILE_MARKER } from './extension-source.js';
import { GNOME_EXTENSION_UUID } from './identity.js';
import { errorText } from '../../../../shared/util/error-text.js';

const TOOL_TIMEOUT_MS = 5_000;

export function gnomeExtensionDir(env: NodeJS.ProcessEnv): string {
  const data = xdgDataHome(env);
  return join(data, 'gnome-shell', 'extensions', GNOME_EXTENSION_UUID);
}

/** Runs one GNOME tool (argv, no shell) and returns its stdout; throws with its first stderr line. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const r = await spawnCapture({
    bin: command,
    args,
    cwd: home(env),
    env,
    stdin: '',
    timeoutMs: TOOL_TIMEOUT_MS,
    maxBytes: 256 * 1024,
  });
  if (r.spawnError) throw new Error(`${command}: ${r.spawnError.message}`);
  if (r.timedOut) throw new Error(`${command} ${args.join(' ')}: no answer within ${TOOL_TIMEOUT_MS / 1000} s`);
  if (r.exitCode !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${firstLine(r.stderr) || `exit ${r.exitCode}`}`);
  return r.stdout;
}

/** The major version of the installed GNOME Shell ("GNOME Shell 43.9" → 43), or undefined. */
export async function gnomeShellMajor(env: NodeJS.ProcessEnv): Promise<number | undefined> {
  try {
    const match = /GNOME Shell (\d+)/.exec(await run('gnome-shell', ['--version'], env));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Parses gsettings' GVariant text for a string array: `['a', 'b']` or `@as []`. */
export function parseStringArray(text: string): string[] {
  const body = text.trim().replace(/^@as\s*/, '');
  if (!body.startsWith('[') || !body.endsWith(']')) throw new Error(`not a string array: ${text.trim()}`);
  return [...body.slice(1, -1).matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

export function formatStringArray(items: string[]): string {
  return `[${items.map((i) => `'${i.replace(/(['\\])/g, '\\$1')}'`).join(', ')}]`;
}

async function editList(env: NodeJS.ProcessEnv, key: string, edit: (items: string[]) => string[]): Promise<void> {
  const current = parseStringArray(await run('gsettings', ['get', 'org.gnome.shell', key], env));
  const next = edit(current);
  if (next.join('\n') !== current.join('\n')) await run('gsettings', ['set', 'org.gnome.shell', key, formatStringArray(next)], env);
}

/**
 * Enables the extension: `gnome-extensions enable` when a shell is running that knows it, else the
 * `enabled-extensions` setting, which GNOME Shell reads at the next login. Says which way it went.
 */
export async function enableGnomeExtension(env: NodeJS.ProcessEnv): Promise<string> {
  try {
    await run('gnome-extensions', ['enable', GNOME_EXTENSION_UUID], env);
    return 'enabled with gnome-extensions';
  } catch {
    await editList(env, 'enabled-extensions', (items) => (items.includes(GNOME_EXTENSION_UUID) ? items : [...items, GNOME_EXTENSION_UUID]));
    try {
      await editList(env, 'disabled-extensions', (items) => items.filter((i) => i !== GNOME_EXTENSION_UUID));
    } catch {
      // GNOME versions without that key
    }
    return 'enabled in org.gnome.shell enabled-extensions (active after the next login)';
  }
}

export async function disableGnomeExtension(env: NodeJS.ProcessEnv): Promise<string> {
  try {
    await run('gnome-extensions', ['disable', GNOME_EXTENSION_UUID], env);
  } catch {
    // no running shell: the setting below is what counts
  }
  try {
    await editList(env, 'enabled-extensions', (items) => items.filter((i) => i !== GNOME_EXTENSION_UUID));
    return 'disabled';
  } catch (err) {
    return `could not edit enabled-extensions: ${errorText(err)}`;
  }
}

/** Whether a file in the extension folder is one install wrote (uninstall leaves anything else alone). */
export function isOurGnomeFile(path: string): boolean {
  try {
    const text = readFileSync(path, 'utf8');
    if (path.endsWith('.json')) return (JSON.parse(text) as { uuid?: unknown }).uuid === GNOME_EXTENSION_UUID;
    return text.startsWith(GNOME_FILE_MARKER);
  } catch {
    return false;
  }
}

/** Our two files are in the user's extensions folder (what GNOME Shell reads at login). */
export function gnomeExtensionInstalled(env: NodeJS.ProcessEnv): boolean {
  const dir = gnomeExtensionDir(env);
  return isOurGnomeFile(join(dir, 'metadata.json')) && isOurGnomeFile(join(dir, 'extension.js'));
}

/** Whether GNOME would load it: the folder exists and the uuid is in enabled-extensions. */
export async function gnomeExtensionState(env: NodeJS.ProcessEnv): Promise<{ installed: boolean; enabled: boolean | undefined }> {
  const installed = gnomeExtensionInstalled(env);
  try {
    return {
      installed,
      enabled: parseStringArray(await run('gsettings', ['get', 'org.gnome.shell', 'enabled-extensions'], env)).includes(
        GNOME_EXTENSION_UUID,
      ),
    };
  } catch {
    return { installed, enabled: undefined };
  }
}

// Installs, enables and removes the antidrift GNOME Shell extension (gnome-extensions, else gsettings; never a shell).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { GNOME_EXTENSION_UUID, GNOME_FILE_MARKER } from './extension-source.js';

const TOOL_TIMEOUT_MS = 5_000;

export function isGnomeDesktop(env: NodeJS.ProcessEnv): boolean {
  return `${env.XDG_CURRENT_DESKTOP ?? ''}:${env.XDG_SESSION_DESKTOP ?? ''}`
    .toLowerCase()
    .split(/[:;]/)
    .some((d) => d === 'gnome' || d.startsWith('gnome-') || d === 'ubuntu');
}

export function gnomeExtensionDir(env: NodeJS.ProcessEnv): string {
  const data = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(data, 'gnome-shell', 'extensions', GNOME_EXTENSION_UUID);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): string {
  return execFileSync(command, args, { env, encoding: 'utf8', timeout: TOOL_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The major version of the installed GNOME Shell ("GNOME Shell 43.9" → 43), or undefined. */
export function gnomeShellMajor(env: NodeJS.ProcessEnv): number | undefined {
  try {
    const match = /GNOME Shell (\d+)/.exec(run('gnome-shell', ['--version'], env));
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

function editList(env: NodeJS.ProcessEnv, key: string, edit: (items: string[]) => string[]): void {
  const current = parseStringArray(run('gsettings', ['get', 'org.gnome.shell', key], env));
  const next = edit(current);
  if (next.join('\n') !== current.join('\n')) run('gsettings', ['set', 'org.gnome.shell', key, formatStringArray(next)], env);
}

/**
 * Enables the extension: `gnome-extensions enable` when a shell is running that knows it, else the
 * `enabled-extensions` setting, which GNOME Shell reads at the next login. Says which way it went.
 */
export function enableGnomeExtension(env: NodeJS.ProcessEnv): string {
  try {
    run('gnome-extensions', ['enable', GNOME_EXTENSION_UUID], env);
    return 'enabled with gnome-extensions';
  } catch {
    editList(env, 'enabled-extensions', (items) => (items.includes(GNOME_EXTENSION_UUID) ? items : [...items, GNOME_EXTENSION_UUID]));
    try {
      editList(env, 'disabled-extensions', (items) => items.filter((i) => i !== GNOME_EXTENSION_UUID));
    } catch {
      // GNOME versions without that key
    }
    return 'enabled in org.gnome.shell enabled-extensions (active after the next login)';
  }
}

export function disableGnomeExtension(env: NodeJS.ProcessEnv): string {
  try {
    run('gnome-extensions', ['disable', GNOME_EXTENSION_UUID], env);
  } catch {
    // no running shell: the setting below is what counts
  }
  try {
    editList(env, 'enabled-extensions', (items) => items.filter((i) => i !== GNOME_EXTENSION_UUID));
    return 'disabled';
  } catch (err) {
    return `could not edit enabled-extensions: ${err instanceof Error ? err.message : String(err)}`;
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

/** Whether GNOME would load it: the folder exists and the uuid is in enabled-extensions. */
export function gnomeExtensionState(env: NodeJS.ProcessEnv): { installed: boolean; enabled: boolean | undefined } {
  const dir = gnomeExtensionDir(env);
  const installed = isOurGnomeFile(join(dir, 'metadata.json')) && isOurGnomeFile(join(dir, 'extension.js'));
  try {
    return {
      installed,
      enabled: parseStringArray(run('gsettings', ['get', 'org.gnome.shell', 'enabled-extensions'], env)).includes(GNOME_EXTENSION_UUID),
    };
  } catch {
    return { installed, enabled: undefined };
  }
}

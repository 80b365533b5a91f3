// Finds a backend's executable: config path, PATH, login-shell PATH, then well-known directories.
import { accessSync, constants, statSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import { loginShellPath, loginShellPathIfKnown } from './login-shell-path.js';
import { wellKnownDirs } from './well-known-dirs.js';

export type ResolvedVia = 'config' | 'path' | 'login-shell' | 'well-known';
export type Resolution = { ok: true; path: string; via: ResolvedVia } | { ok: false; problem: string };

const WINDOWS_EXTENSIONS = ['.exe', '.cmd', '.bat', '.com'];

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function candidateNames(name: string): string[] {
  if (process.platform !== 'win32') return [name];
  const hasExtension = WINDOWS_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
  return hasExtension ? [name] : WINDOWS_EXTENSIONS.map((ext) => name + ext);
}

function findIn(dirs: readonly string[], name: string): string | undefined {
  for (const dir of dirs) {
    for (const candidate of candidateNames(name)) {
      const full = join(dir, candidate);
      if (isExecutableFile(full)) return full;
    }
  }
  return undefined;
}

function processPathDirs(): string[] {
  return (process.env.PATH ?? process.env.Path ?? '').split(delimiter).filter((dir) => isAbsolute(dir));
}

/**
 * Resolves `name` (a program name, or an absolute path for custom backends). The login-shell probe
 * only runs when PATH has no match, and only once per process; with `waitForLoginShell` false its
 * result is used only if it is already known (hello answers at once; the probe's findings follow).
 * `ownDirs` are the backend's own installer's folders, searched after the usual ones.
 */
export async function resolveExecutable(
  name: string,
  override?: string,
  waitForLoginShell = true,
  ownDirs: readonly string[] = [],
): Promise<Resolution> {
  if (override) {
    if (!isAbsolute(override)) return { ok: false, problem: `configured path "${override}" is not absolute` };
    const found = findIn([dirname(override)], basename(override));
    return found
      ? { ok: true, path: found, via: 'config' }
      : { ok: false, problem: `configured path ${override} is not an executable file` };
  }
  if (isAbsolute(name)) {
    const found = findIn([dirname(name)], basename(name));
    return found ? { ok: true, path: found, via: 'config' } : { ok: false, problem: `${name} is not an executable file` };
  }
  if (/[\\/]/.test(name)) return { ok: false, problem: `"${name}" must be a program name or an absolute path` };
  const onPath = findIn(processPathDirs(), name);
  if (onPath) return { ok: true, path: onPath, via: 'path' };
  const shellDirs = waitForLoginShell ? await loginShellPath() : (loginShellPathIfKnown() ?? []);
  const fromShell = findIn(shellDirs, name);
  if (fromShell) return { ok: true, path: fromShell, via: 'login-shell' };
  const wellKnown = findIn([...wellKnownDirs(), ...ownDirs.filter((dir) => isAbsolute(dir))], name);
  if (wellKnown) return { ok: true, path: wellKnown, via: 'well-known' };
  return { ok: false, problem: 'not found on PATH, the login-shell PATH or the usual install folders' };
}

/**
 * PATH for a backend's process: its own directory and node's first (npm-installed CLIs start with
 * `#!/usr/bin/env node`), then everything we searched.
 */
export function childPath(binPath: string): string {
  const dirs = [dirname(binPath), dirname(process.execPath), ...processPathDirs(), ...(loginShellPathIfKnown() ?? []), ...wellKnownDirs()];
  return [...new Set(dirs)].join(delimiter);
}

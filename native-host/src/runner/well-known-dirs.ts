// Directories package managers install CLIs into, for hosts started by a GUI browser with a minimal PATH (a backend adds its own installer's).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { BackendSpec } from '../backends/types.js';
import { home } from '../paths.js';
import { compareVersions } from '../../../shared/util/compare-versions.js';

/** The bin directory of nvm's default node (`~/.nvm/alias/default`), or the newest installed one. */
export function nvmDefaultBin(nvmDir = process.env.NVM_DIR || join(home(), '.nvm')): string | undefined {
  const versionsDir = join(nvmDir, 'versions', 'node');
  let versions: string[];
  try {
    versions = readdirSync(versionsDir).filter((name) => /^v\d+\.\d+\.\d+$/.test(name));
  } catch {
    return undefined;
  }
  let alias: string;
  try {
    alias = readFileSync(join(nvmDir, 'alias', 'default'), 'utf8').trim();
  } catch {
    alias = '';
  }
  const wanted = /^v?\d/.test(alias) ? alias.replace(/^v/, '') : '';
  const matching = versions.filter((v) => !wanted || v.slice(1) === wanted || v.slice(1).startsWith(`${wanted}.`));
  const best = matching.sort(compareVersions).pop();
  return best ? join(versionsDir, best, 'bin') : undefined;
}

/** Well-known install directories that exist on this machine, most user-specific first. */
export function wellKnownDirs(): string[] {
  const h = home();
  const candidates: (string | undefined)[] =
    process.platform === 'win32'
      ? [
          process.env.APPDATA && join(process.env.APPDATA, 'npm'),
          process.env.LOCALAPPDATA && join(process.env.LOCALAPPDATA, 'Volta', 'bin'),
          join(h, '.bun', 'bin'),
          join(h, '.local', 'bin'),
          process.env.NVM_SYMLINK,
        ]
      : [
          join(h, '.local', 'bin'),
          join(h, '.npm-global', 'bin'),
          join(h, '.bun', 'bin'),
          process.env.NVM_BIN,
          join(h, '.nvm', 'current', 'bin'),
          nvmDefaultBin(),
          join(h, '.volta', 'bin'),
          join(h, '.cargo', 'bin'),
          join(h, 'bin'),
          '/opt/homebrew/bin',
          '/usr/local/bin',
          '/usr/bin',
          '/bin',
          '/snap/bin',
        ];
  return candidates.filter((dir): dir is string => !!dir && existsSync(dir));
}

/** A backend's own installer folders on this machine (absolute, existing ones only). */
export function ownInstallDirs(spec: Pick<BackendSpec, 'installDirs'>): string[] {
  const dirs = spec.installDirs?.({ home: home(), env: process.env, platform: process.platform }) ?? [];
  return dirs.filter((dir): dir is string => !!dir && isAbsolute(dir) && existsSync(dir));
}

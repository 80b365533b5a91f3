// The helper as a person gets it: its npm package file from release/, installed into a temporary npm prefix that goes afterwards.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
export const RELEASE_DIR = join(REPO, 'release');
export const RELEASE_VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

export function releaseFile(name: string): string {
  return join(RELEASE_DIR, name.replace('<version>', RELEASE_VERSION));
}

export interface ReleasedHelper {
  /** `antidrift-host` as npm linked it into the prefix (gone after `removePrefix`). */
  bin: string;
  /** Runs it with `args` in the person's terminal; its output. */
  run(args: string[]): string;
  removePrefix(): void;
}

/** `npm install -g` of the package file into `prefix`, offline (it has no dependencies), in `terminal`'s environment. */
export function installReleasedHelper(prefix: string, terminal: NodeJS.ProcessEnv): ReleasedHelper {
  const tgz = releaseFile('antidrift-host-<version>.tgz');
  execFileSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, tgz], { env: terminal, stdio: 'pipe' });
  const bin = join(prefix, 'bin', 'antidrift-host');
  return {
    bin,
    run: (args) => execFileSync(bin, args, { env: terminal, encoding: 'utf8' }),
    removePrefix: () => rmSync(prefix, { recursive: true, force: true }),
  };
}

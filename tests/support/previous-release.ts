// The release before this one, built from its own sources (git archive of its commit): for skew and upgrade tests with real old code.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../harness/chromium';

/** antidrift 0.1.0: the last commit before the helper became an installable package (issue 26). */
export const PREVIOUS_RELEASE = { commit: '2ae5118d1d2c57e274ba9e745b0bd3e25f70cd46', version: '0.1.0' } as const;

export interface PreviousBuild {
  root: string;
  /** Its Chromium build (keyed: the same extension ID as ours). */
  extensionDir: string;
  /** Its helper's entry, as its own installer registers it. */
  hostScript: string;
}

/**
 * Builds the previous release once per machine (cached in the temp folder, keyed by its commit), with
 * this checkout's node_modules: its dependencies are these, less what came later.
 */
export function previousBuild(): PreviousBuild {
  const root = join(tmpdir(), `antidrift-previous-${PREVIOUS_RELEASE.commit.slice(0, 12)}`);
  const build = {
    root,
    extensionDir: join(root, '.output', 'chrome-mv3'),
    hostScript: join(root, 'native-host', 'dist', 'antidrift-host.mjs'),
  };
  if (existsSync(join(root, '.built'))) return build;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', PREVIOUS_RELEASE.commit], {
    cwd: REPO_ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, { cwd: root, stdio: 'pipe', env: { ...process.env, ANTIDRIFT_RELEASE: '' } });
  run([join(root, 'node_modules', 'wxt', 'bin', 'wxt.mjs'), 'build']);
  run([join(root, 'native-host', 'build.mjs')]);
  writeFileSync(join(root, '.built'), `${PREVIOUS_RELEASE.commit}\n`);
  return build;
}

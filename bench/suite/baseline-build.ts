// Another commit's extension, built beside this checkout: what the cold section compares this build's wake against, in the same run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = new URL('../..', import.meta.url).pathname;

export interface BaselineBuild {
  /** The git ref as given, and the commit it named. */
  ref: string;
  commit: string;
  /** Its built Chromium extension. */
  extensionDir: string;
  dispose(): void;
}

/** Checks `ref` out in a temporary worktree (this checkout's node_modules) and builds its extension. */
export function buildBaseline(ref: string): BaselineBuild {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: REPO, encoding: 'utf8' }).trim();
  const root = mkdtempSync(join(tmpdir(), 'antidrift-bench-baseline-'));
  const source = join(root, 'source');
  const dispose = () => {
    execFileSync('git', ['worktree', 'remove', '--force', source], { cwd: REPO, stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  };
  execFileSync('git', ['worktree', 'add', '--detach', source, commit], { cwd: REPO, stdio: 'ignore' });
  try {
    symlinkSync(join(REPO, 'node_modules'), join(source, 'node_modules'));
    execFileSync('npx', ['wxt', 'build'], { cwd: source, stdio: 'ignore' });
    const extensionDir = join(source, '.output', 'chrome-mv3');
    if (!existsSync(join(extensionDir, 'manifest.json'))) throw new Error(`the build of ${ref} made no extension`);
    return { ref, commit, extensionDir, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

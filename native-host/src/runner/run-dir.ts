// A fresh private directory per run (cwd and TMPDIR), so no CLAUDE.md or project file is ever found.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, runsDir } from '../paths.js';

export interface RunDir {
  path: string;
  tmp: string;
  remove(): void;
}

export function createRunDir(): RunDir {
  const path = join(ensurePrivateDir(runsDir()), randomBytes(8).toString('hex'));
  mkdirSync(path, { mode: 0o700 });
  const tmp = join(path, 'tmp');
  mkdirSync(tmp, { mode: 0o700 });
  return {
    path,
    tmp,
    remove: () => {
      try {
        rmSync(path, { recursive: true, force: true, maxRetries: 2 });
      } catch {
        // A leftover scratch dir is harmless and private; never fail a run over it.
      }
    },
  };
}

// Creating folders so that uninstall can remove exactly the ones install made.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** mkdir -p that reports every level it created (so uninstall can remove exactly those). */
export function makeDirs(path: string): string[] {
  const missing: string[] = [];
  for (let dir = path; !existsSync(dir); dir = dirname(dir)) {
    missing.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  mkdirSync(path, { recursive: true });
  return missing;
}

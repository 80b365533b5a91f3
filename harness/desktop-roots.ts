// The Debian trixie and sid roots of the newer desktops: built once by scripts/desktops/roots.mjs, cached outside the checkout.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOTS = fileURLToPath(new URL('../scripts/desktops/roots.mjs', import.meta.url));

/** Builds what is missing (minutes, the first time; it says so on the terminal) and returns suite → root path. */
export function ensureDesktopRoots(suites: string[] = []): Record<string, string> {
  const out = execFileSync(process.execPath, [ROOTS, ...suites], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 30 * 60_000,
  });
  const roots: Record<string, string> = {};
  for (const line of out.trim().split('\n')) {
    const [suite, path] = line.split(' ');
    if (suite && path) roots[suite] = path;
  }
  return roots;
}

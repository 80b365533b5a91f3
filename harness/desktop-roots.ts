// The Debian trixie and sid roots of the newer desktops: built once by scripts/desktops/roots.mjs, cached outside the checkout.
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOTS = fileURLToPath(new URL('../scripts/desktops/roots.mjs', import.meta.url));
/** A first build of both roots takes minutes; another run building them is waited for (roots.mjs locks each). */
const BUILD_TIMEOUT_MS = 30 * 60_000;

function parse(out: string): Record<string, string> {
  const roots: Record<string, string> = {};
  for (const line of out.trim().split('\n')) {
    const [suite, path] = line.split(' ');
    if (suite && path) roots[suite] = path;
  }
  return roots;
}

/** Builds what is missing (minutes, the first time; it says so on the terminal) and returns suite → root path. */
export function ensureDesktopRoots(suites: string[] = []): Record<string, string> {
  return parse(
    execFileSync(process.execPath, [ROOTS, ...suites], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: BUILD_TIMEOUT_MS,
    }),
  );
}

/** The same without blocking the test's process: a test file that needs a root may start while `npm test` is still building it. */
export function desktopRoots(suites: string[] = []): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [ROOTS, ...suites], { encoding: 'utf8', timeout: BUILD_TIMEOUT_MS }, (error, stdout) =>
      error ? reject(error) : resolve(parse(stdout)),
    );
    child.stderr?.pipe(process.stderr);
  });
}

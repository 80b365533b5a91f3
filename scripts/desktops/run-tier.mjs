// Runs the desktops test tier: as root directly, through passwordless sudo otherwise, or stops at once with the command.
// Chroot and mount namespaces need root; the roots themselves are built by roots.mjs (from the tier's global setup).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const args = [vitest, 'run', '--project', 'desktops', ...process.argv.slice(2)];

let command = [process.execPath, ...args];
if (process.getuid?.() !== 0) {
  if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
    console.error(
      'desktops tier: it runs newer desktops inside Debian roots (chroot, mount namespaces), which needs root.\n' +
        `Run it as root, or give this user passwordless sudo, or run:\n  sudo ${process.execPath} ${args.join(' ')}`,
    );
    process.exit(1);
  }
  command = ['sudo', '-n', '-E', ...command];
  // Built as this user first: the tier's global setup builds a stale host, and as root it would leave
  // root-owned files in native-host/dist that this user's next build cannot replace. Under `npm test`
  // (scripts/test/run.mjs) it is built already, and other tiers are running it.
  if (process.env.ANTIDRIFT_TEST_RUN !== '1') {
    const built = spawnSync('npm', ['run', 'build:host'], { stdio: 'inherit', cwd: repo });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', cwd: repo });
process.exit(result.status ?? 1);

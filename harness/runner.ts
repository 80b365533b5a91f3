// Where a compositor fixture runs its programs: on this machine, or inside a newer Debian root (scripts/desktops/enter.sh).
import { execFile, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const ENTER = `${REPO}/scripts/desktops/enter.sh`;

export interface Runner {
  /** e.g. "this machine" or "trixie". */
  name: string;
  /** The checkout as the programs see it (the same path: it is bound there read-only). */
  repo: string;
  /** Node as the programs see it: this process's on the machine, the root's own /usr/bin/node inside one. */
  node: string;
  /** argv as it must be spawned from here to run `command args` there. */
  argv(command: string, args: readonly string[]): [string, string[]];
  spawn(command: string, args: readonly string[], options: SpawnOptions): ChildProcess;
  exec(
    command: string,
    args: readonly string[],
    options: { env: NodeJS.ProcessEnv; timeout?: number },
  ): Promise<{ stdout: string; stderr: string }>;
}

function runnerWith(name: string, node: string, argv: Runner['argv']): Runner {
  return {
    name,
    repo: REPO,
    node,
    argv,
    spawn: (command, args, options) => {
      const [c, a] = argv(command, args);
      return spawn(c, a, options);
    },
    exec: (command, args, options) =>
      new Promise((resolve, reject) => {
        const [c, a] = argv(command, args);
        execFile(c, a, { env: options.env, timeout: options.timeout ?? 10_000, encoding: 'utf8' }, (err, stdout, stderr) => {
          if (err) reject(Object.assign(err, { stdout, stderr }));
          else resolve({ stdout, stderr });
        });
      }),
  };
}

export const onMachine: Runner = runnerWith('this machine', process.execPath, (command, args) => [command, [...args]]);

/** Programs of the Debian root at `root` (built by scripts/desktops/roots.mjs); /tmp and the checkout are shared. */
export function inRoot(name: string, root: string): Runner {
  if (process.getuid?.() !== 0)
    throw new Error(
      `running programs inside the ${name} root needs root (chroot, a mount namespace): run the tests as root, or \`npm run test:desktops\` with passwordless sudo`,
    );
  return runnerWith(name, '/usr/bin/node', (command, args) => [ENTER, [root, REPO, command, ...args]]);
}

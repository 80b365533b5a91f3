// Section 4s, host spawn: a new host process (as connectNative starts one) → `hello` answered, and → its first `window` frame; the checkout's build and the helper as installed from its package.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installReleasedHelper, releaseFile } from '../../harness/released-helper';
import { makeHostEnv } from '../../harness/host-env';
import { startBenchHost } from './host-process';
import { summarize, wallNow, type Summary } from './stats';
import { startDesk } from './x-desk';

export interface HostSpawnResult {
  /** Spawn → the `hello` reply arrived (hello sent right after the spawn, as the extension does). */
  helloMs: Summary;
  /** The same through the launcher `npx antidrift-host install` wrote (from release/'s package): what a person's browser starts. */
  installedHelloMs: Summary;
  /** Spawn → the first `window` frame (the X11 watcher running and reporting the active window). */
  firstWindowMs: Summary;
  /** The floor: spawn → the first byte from a `node` that prints one and does nothing else, same environment. */
  bareNodeMs: Summary;
  /**
   * Spawn → hello with NODE_EXTRA_CA_CERTS removed, when this machine sets it: Node then parses that
   * CA bundle at every start, a cost of the machine's setup that most people's do not have.
   */
  helloWithoutExtraCaMs?: Summary;
}

/** Spawn → the first stdout byte of a bare `node -e`, in the environment the hosts get. */
async function bareNodeStart(extraEnv: NodeJS.ProcessEnv): Promise<number> {
  const env = makeHostEnv(extraEnv);
  try {
    const started = wallNow();
    const child = spawn(process.execPath, ['-e', "process.stdout.write('x')"], { env: env.env, stdio: ['ignore', 'pipe', 'ignore'] });
    const ms = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', () => resolve(wallNow() - started));
      child.once('error', reject);
    });
    await new Promise((resolve) => child.once('close', resolve));
    return ms;
  } finally {
    env.cleanup();
  }
}

/**
 * The helper as a person installs it: its package file (release/, from `npm run package`) into a
 * temporary npm prefix, `install` run from there, the prefix deleted. Returns its launcher.
 */
function installedLauncher(root: string): string {
  const package_ = releaseFile('antidrift-host-<version>.tgz');
  if (!existsSync(package_)) throw new Error(`${package_} missing: run \`npm run package\` first`);
  const home = join(root, 'home');
  mkdirSync(home);
  const terminal = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, '.local', 'share') };
  const helper = installReleasedHelper(join(root, 'prefix'), terminal);
  helper.run(['install', '--browser', 'chromium', '--user-data-dir', join(root, 'profile'), '--no-gnome-extension']);
  helper.removePrefix();
  return join(home, '.local', 'share', 'antidrift', 'host', 'antidrift-host');
}

/** Spawns a host, sends hello at once, waits for the reply and the first window; the times from the spawn. */
async function spawnOnce(env: NodeJS.ProcessEnv, launcher?: string): Promise<{ hello: number; firstWindow: number }> {
  const started = wallNow();
  const host = startBenchHost(env, launcher);
  try {
    host.handle.send({ id: 1, type: 'hello' });
    await host.handle.next((m) => m.type === 'hello', 15_000);
    await host.handle.next((m) => m.type === 'window', 15_000);
    const at = (type: string) => host.frames.find((f) => f.msg.type === type)!.at;
    return { hello: at('hello') - started, firstWindow: at('window') - started };
  } finally {
    await host.close();
  }
}

export async function benchHostSpawn(opts: { spawns: number }): Promise<HostSpawnResult> {
  const desk = await startDesk(['BenchSpawn'], 150);
  const hello: number[] = [];
  const installedHello: number[] = [];
  const firstWindow: number[] = [];
  const bare: number[] = [];
  const withoutCa: number[] = [];
  const extraCa = desk.x.env.NODE_EXTRA_CA_CERTS !== undefined;
  const noCaEnv = { ...desk.x.env };
  delete noCaEnv.NODE_EXTRA_CA_CERTS;
  const installRoot = mkdtempSync(join(tmpdir(), 'antidrift-bench-installed-'));
  try {
    const launcher = installedLauncher(installRoot);
    await desk.activate('BenchSpawn');
    for (let i = 0; i < opts.spawns + 2; i++) {
      const t = await spawnOnce(desk.x.env);
      const installed = await spawnOnce(desk.x.env, launcher);
      const b = await bareNodeStart(desk.x.env);
      const c = extraCa ? (await spawnOnce(noCaEnv)).hello : undefined;
      // The first two rounds warm the page cache: a person's first connect of the day is not measured either.
      if (i < 2) continue;
      hello.push(t.hello);
      installedHello.push(installed.hello);
      firstWindow.push(t.firstWindow);
      bare.push(b);
      if (c !== undefined) withoutCa.push(c);
    }
    return {
      helloMs: summarize(hello),
      installedHelloMs: summarize(installedHello),
      firstWindowMs: summarize(firstWindow),
      bareNodeMs: summarize(bare),
      ...(extraCa ? { helloWithoutExtraCaMs: summarize(withoutCa) } : {}),
    };
  } finally {
    await desk.stop();
    rmSync(installRoot, { recursive: true, force: true });
  }
}

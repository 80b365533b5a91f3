// Test helper: a private Xvfb display (+ openbox) on a free display number, cleaned up by process group.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { stopProc, waitFor } from './processes';

export { waitFor };

const execFileAsync = promisify(execFile);

export interface XServer {
  /** e.g. ":91" */
  display: string;
  /** process.env with DISPLAY set and Wayland variables removed. */
  env: NodeJS.ProcessEnv;
  /** Starts a client (xterm …) in its own process group; it is killed by stop(). */
  spawnClient(command: string, args: string[]): ChildProcess;
  /** Runs a short command (xdotool, xprop, wmctrl) on this display and returns stdout. */
  run(command: string, args: string[], timeoutMs?: number): Promise<string>;
  /** Terminates the X server and the window manager (every client connection drops). */
  kill(): Promise<void>;
  /** Starts X server and window manager again on the same display number. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface XServerOptions {
  /** Start openbox (EWMH window manager). Default true. */
  windowManager?: boolean;
  /** First display number tried. Default 90. */
  firstDisplay?: number;
  screen?: string;
}

function displayInUse(n: number): boolean {
  return existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`);
}

function killGroup(proc: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // already gone
  }
}

export async function startXServer(options: XServerOptions = {}): Promise<XServer> {
  const withWm = options.windowManager ?? true;
  const screen = options.screen ?? '1280x800x24';
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.WAYLAND_DISPLAY;
  delete env.SWAYSOCK;
  delete env.HYPRLAND_INSTANCE_SIGNATURE;
  let xvfb: ChildProcess | undefined;
  let wm: ChildProcess | undefined;
  const clients = new Set<ChildProcess>();
  let number = -1;

  const launchXvfb = async (n: number): Promise<boolean> => {
    const proc = spawn('Xvfb', [`:${n}`, '-screen', '0', screen, '-nolisten', 'tcp', '-noreset'], {
      detached: true,
      stdio: 'ignore',
    });
    let dead = false;
    proc.once('exit', () => (dead = true));
    proc.once('error', () => (dead = true));
    // Ours once the display's lock names our process: another test run may have taken the number a moment before.
    const ours = () => {
      try {
        return Number(readFileSync(`/tmp/.X${n}-lock`, 'utf8').trim()) === proc.pid && existsSync(`/tmp/.X11-unix/X${n}`);
      } catch {
        return false;
      }
    };
    try {
      await waitFor(() => dead || ours(), `Xvfb :${n} socket`, 10_000);
    } catch {
      dead = true;
    }
    if (dead) {
      await stopProc(proc, true);
      return false;
    }
    xvfb = proc;
    return true;
  };

  const run = async (command: string, args: string[], timeoutMs = 20_000): Promise<string> => {
    const { stdout } = await execFileAsync(command, args, { env, timeout: timeoutMs, encoding: 'utf8' });
    return stdout;
  };

  const launchWm = async () => {
    if (!withWm) return;
    wm = spawn('openbox', ['--sm-disable'], { env, detached: true, stdio: 'ignore' });
    await waitFor(
      async () => {
        try {
          return (await run('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], 2_000)).includes('window id');
        } catch {
          return false;
        }
      },
      'openbox to announce _NET_SUPPORTING_WM_CHECK',
      15_000,
      50,
    );
  };

  for (let n = options.firstDisplay ?? 90; n < (options.firstDisplay ?? 90) + 60 && number < 0; n++) {
    if (displayInUse(n)) continue;
    if (await launchXvfb(n)) number = n;
  }
  if (number < 0) throw new Error('no free X display number found');
  const display = `:${number}`;
  env.DISPLAY = display;
  await launchWm();

  const kill = async () => {
    for (const client of clients) killGroup(client, 'SIGKILL');
    clients.clear();
    await stopProc(wm, true);
    await stopProc(xvfb, true);
    wm = undefined;
    xvfb = undefined;
    // A killed server may leave its lock and socket behind, which would block a restart.
    rmSync(`/tmp/.X${number}-lock`, { force: true });
    rmSync(`/tmp/.X11-unix/X${number}`, { force: true });
  };

  return {
    display,
    env,
    run,
    spawnClient(command, args) {
      const proc = spawn(command, args, { env, detached: true, stdio: 'ignore' });
      proc.on('error', () => {});
      clients.add(proc);
      proc.once('exit', () => clients.delete(proc));
      return proc;
    },
    kill,
    async restart() {
      if (xvfb) throw new Error('X server is still running');
      if (!(await launchXvfb(number))) throw new Error(`cannot restart Xvfb on ${display}`);
      await launchWm();
    },
    stop: kill,
  };
}

// Test helper: a real headless sway (this machine's or a newer root's; as nobody when we are root), foot windows, focus and titles.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPOSITOR_START_MS, footTerminal, stopSession, waitFor } from './processes';
import { onMachine, type Runner } from './runner';

/** sway refuses to run as root ("Unable to drop root"): under root it runs as nobody. */
const NOBODY = 65534;

export interface SwayWindow {
  appId: string;
  proc: ChildProcess;
  /** Sets the title by writing OSC 2 into the terminal. */
  setTitle(title: string): void;
  focus(): Promise<void>;
}

export interface Sway {
  runner: Runner;
  runtimeDir: string;
  /** Path of the Wayland socket and of the IPC socket of the running sway. */
  waylandSocket: string;
  ipcSocket: string;
  /** The environment a client of this session sees (XDG_SESSION_TYPE=wayland, no DISPLAY). */
  env: NodeJS.ProcessEnv;
  openFoot(appId: string, title: string): Promise<SwayWindow>;
  msg(command: string): Promise<string>;
  /** Stops sway (SIGTERM: it removes its sockets) and starts it again under a new pid. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSway(options: { xwayland?: boolean; runner?: Runner } = {}): Promise<Sway> {
  const runner = options.runner ?? onMachine;
  const asRoot = process.getuid?.() === 0;
  const runtimeDir = mkdtempSync(join(tmpdir(), 'antidrift-sway-'));
  chmodSync(runtimeDir, 0o700);
  if (asRoot) chownSync(runtimeDir, NOBODY, NOBODY);
  const config = join(runtimeDir, 'sway.config');
  writeFileSync(
    config,
    [
      'output HEADLESS-1 resolution 1280x720',
      `xwayland ${options.xwayland ? 'enable' : 'disable'}`,
      // New windows take the focus, as on a person's desktop.
      'focus_on_window_activation focus',
      'default_border none',
    ].join('\n'),
  );
  chmodSync(config, 0o644);
  const base: NodeJS.ProcessEnv = {
    PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: runtimeDir,
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtimeDir,
    WLR_BACKENDS: 'headless',
    WLR_LIBINPUT_NO_DEVICES: '1',
    WLR_RENDERER: 'pixman',
    WLR_HEADLESS_OUTPUTS: '1',
  };
  const windows: ChildProcess[] = [];
  let proc: ChildProcess | undefined;
  const sway: Sway = {
    runner,
    runtimeDir,
    waylandSocket: '',
    ipcSocket: '',
    env: {},
    async openFoot(appId, title) {
      const { proc: foot, setTitle } = await footTerminal(runtimeDir, appId, appId, title, { ...sway.env, HOME: runtimeDir }, runner);
      windows.push(foot);
      const present = async () => (await sway.msg('-t get_tree')).includes(`"app_id": "${appId}"`);
      const deadline = Date.now() + 10_000;
      while (!(await present())) {
        if (Date.now() > deadline) throw new Error(`foot window ${appId} did not appear`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return {
        appId,
        proc: foot,
        setTitle,
        focus: async () => void (await sway.msg(`[app_id="${appId}"] focus`)),
      };
    },
    async msg(command) {
      const args = command.startsWith('-t ') ? command.split(' ') : [command];
      const { stdout } = await runner.exec('swaymsg', ['-s', sway.ipcSocket, ...args], { env: base, timeout: 5_000 });
      return stdout;
    },
    async restart() {
      await stopSession(windows, proc);
      await launch();
    },
    async stop() {
      await stopSession(windows, proc);
      rmSync(runtimeDir, { recursive: true, force: true });
    },
  };

  const sockets = () => readdirSync(runtimeDir);
  async function launch(): Promise<void> {
    const before = new Set(sockets());
    const argv = asRoot
      ? ['setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', 'sway', '-c', config]]
      : ['sway', ['-c', config]];
    proc = runner.spawn(argv[0] as string, argv[1] as string[], { env: base, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    proc.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4_000)));
    const started = proc;
    const ipc = await waitFor(
      () => {
        if (started.exitCode !== null) throw new Error(`sway exited (${started.exitCode}): ${stderr}`);
        return sockets().find((f) => /^sway-ipc\..*\.sock$/.test(f) && !before.has(f));
      },
      'the sway IPC socket',
      COMPOSITOR_START_MS,
    );
    const wayland = await waitFor(() => sockets().find((f) => /^wayland-\d+$/.test(f)), 'the Wayland socket', COMPOSITOR_START_MS);
    sway.ipcSocket = join(runtimeDir, ipc);
    sway.waylandSocket = join(runtimeDir, wayland);
    sway.env = {
      PATH: base.PATH,
      LANG: 'C.UTF-8',
      XDG_RUNTIME_DIR: runtimeDir,
      XDG_SESSION_TYPE: 'wayland',
      WAYLAND_DISPLAY: wayland,
      SWAYSOCK: sway.ipcSocket,
    };
  }
  await launch();
  return sway;
}

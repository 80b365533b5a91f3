// Test helper: a real headless labwc (wlroots; in a newer root), foot windows focused with wlrctl, titles through OSC 2.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPOSITOR_START_MS, footTerminal, stopSession, waitFor } from './processes';
import type { Runner } from './runner';

export interface LabwcWindow {
  appId: string;
  proc: ChildProcess;
  setTitle(title: string): void;
  focus(): Promise<void>;
}

export interface Labwc {
  version: string;
  runner: Runner;
  /** What a client of this session sees (labwc exports the same to the programs it starts). */
  env: NodeJS.ProcessEnv;
  openFoot(appId: string, title: string): Promise<LabwcWindow>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLabwc(runner: Runner): Promise<Labwc> {
  const runtime = mkdtempSync(join(tmpdir(), 'antidrift-labwc-'));
  chmodSync(runtime, 0o700);
  const version = /labwc (\S+)/.exec((await runner.exec('labwc', ['--version'], { env: { PATH: '/usr/bin:/bin' } })).stdout)?.[1] ?? '';
  const base: NodeJS.ProcessEnv = {
    PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: runtime,
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtime,
    WLR_BACKENDS: 'headless',
    WLR_RENDERER: 'pixman',
    WLR_LIBINPUT_NO_DEVICES: '1',
  };
  const env: NodeJS.ProcessEnv = {
    PATH: base.PATH,
    HOME: runtime,
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtime,
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'labwc:wlroots',
    WAYLAND_DISPLAY: 'wayland-0',
  };
  let proc: ChildProcess | undefined;
  let stderr = '';
  const windows: ChildProcess[] = [];
  const toplevels = async () => (await runner.exec('wlrctl', ['toplevel', 'list'], { env, timeout: 5_000 })).stdout;

  async function launch(): Promise<void> {
    // labwc picks wayland-0 itself when WAYLAND_DISPLAY is unset (set, it would nest in that compositor).
    proc = runner.spawn('labwc', [], { env: base, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    proc.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4_000)));
    const started = proc;
    await waitFor(
      async () => {
        if (started.exitCode !== null) throw new Error(`labwc exited (${started.exitCode}): ${stderr}`);
        if (!readdirSync(runtime).includes('wayland-0')) return false;
        try {
          await toplevels();
          return true;
        } catch {
          return false;
        }
      },
      'labwc and its wayland-0 socket',
      COMPOSITOR_START_MS,
    );
  }

  const labwc: Labwc = {
    version,
    runner,
    env,
    async openFoot(appId, title) {
      const { proc: foot, setTitle } = await footTerminal(runtime, appId, appId, title, env, runner);
      windows.push(foot);
      await waitFor(async () => (await toplevels()).includes(appId), `foot window ${appId} to map`);
      return {
        appId,
        proc: foot,
        setTitle,
        focus: async () => void (await runner.exec('wlrctl', ['toplevel', 'focus', `app_id:${appId}`], { env, timeout: 5_000 })),
      };
    },
    async restart() {
      await stopSession(windows, proc);
      await launch();
    },
    async stop() {
      await stopSession(windows, proc);
      rmSync(runtime, { recursive: true, force: true });
    },
  };
  await launch();
  return labwc;
}

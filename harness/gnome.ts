// Test helper: a real headless GNOME Shell (this machine's or a newer root's) on private buses, weston-terminal windows, a test extension.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatStringArray, parseStringArray } from '../native-host/src/desktops/gnome/shell-tools.js';
import { TEST_EXTENSION_UUID, testExtensionFiles } from './gnome-test-extension';
import { COMPOSITOR_START_MS, stopProc, waitFor, westonTerminal } from './processes';
import { onMachine, type Runner } from './runner';
import { startSessionBus } from './session-bus';

export interface GnomeWindow {
  title: string;
  proc: ChildProcess;
  setTitle(title: string): void;
  activate(): Promise<void>;
}

export interface Gnome {
  /** GNOME Shell's major version ("GNOME Shell 48.7" → 48). */
  major: number;
  runner: Runner;
  /** What a client of this session sees (private buses, keyfile settings, data dir, GNOME desktop variables). */
  env: NodeJS.ProcessEnv;
  /** Starts (or restarts) GNOME Shell; call after installing extensions into env's XDG_DATA_HOME. */
  start(): Promise<void>;
  openTerminal(title: string): Promise<GnomeWindow>;
  gsettings(...args: string[]): Promise<string>;
  /** gnome-extensions (GNOME's own tool) against the running shell. */
  extensions(...args: string[]): Promise<string>;
  /** The running shell's ExtensionState number for `uuid` (1 active, 2 inactive, 3 error, 4 out of date, 6 initialized), as it tells D-Bus. */
  extensionState(uuid: string): Promise<number | undefined>;
  /** GetExtensionInfo as gdbus prints it (for failure messages). */
  extensionInfo(uuid: string): Promise<string>;
  stop(): Promise<void>;
}

/** Private buses and settings; GNOME Shell itself starts with `start()`. */
export async function prepareGnome(runner: Runner = onMachine): Promise<Gnome> {
  const version = (await runner.exec('gnome-shell', ['--version'], { env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } })).stdout;
  const major = Number(/GNOME Shell (\d+)/.exec(version)?.[1]);
  if (!major) throw new Error(`no GNOME Shell version in ${JSON.stringify(version)}`);
  const root = mkdtempSync(join(tmpdir(), 'antidrift-gnome-'));
  const runtime = join(root, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const data = join(root, 'data');
  const config = join(root, 'config');
  mkdirSync(join(config, 'glib-2.0', 'settings'), { recursive: true });
  // GNOME Shell dies in loginManager.js without a system bus; a private one with no services is enough.
  const systemConf = join(root, 'system-bus.conf');
  writeFileSync(
    systemConf,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=${join(runtime, 'system-bus')}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*"/><allow receive_sender="*"/><allow own="*"/><allow user="*"/></policy>
</busconfig>
`,
  );
  const systemBus = runner.spawn('dbus-daemon', ['--nofork', `--config-file=${systemConf}`], { stdio: 'ignore' });
  const sessionBus = await startSessionBus(runtime, runner);
  const sessionBusAddress = sessionBus.address;
  await waitFor(() => existsSync(join(runtime, 'system-bus')), 'the private system bus');
  const env: NodeJS.ProcessEnv = {
    PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: root,
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtime,
    XDG_DATA_HOME: data,
    XDG_CONFIG_HOME: config,
    GSETTINGS_BACKEND: 'keyfile',
    DBUS_SESSION_BUS_ADDRESS: sessionBusAddress,
    DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${join(runtime, 'system-bus')}`,
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'GNOME',
    WAYLAND_DISPLAY: 'antidrift-gnome',
  };
  // The test-only extension that activates windows by pid.
  const testDir = join(data, 'gnome-shell', 'extensions', TEST_EXTENSION_UUID);
  mkdirSync(testDir, { recursive: true });
  for (const [name, text] of Object.entries(testExtensionFiles(major))) writeFileSync(join(testDir, name), text);
  let shell: ChildProcess | undefined;
  let output = '';
  const terminals: ChildProcess[] = [];
  let opened = 0;

  /** Calls the test extension (dev.antidrift.Test) inside GNOME Shell and returns gdbus's printed reply. */
  const testControl = async (method: 'Titles' | 'Activate', ...args: string[]) =>
    (
      await runner.exec(
        'gdbus',
        [
          'call',
          '--session',
          '--dest',
          'org.gnome.Shell',
          '--object-path',
          '/dev/antidrift/Test',
          '--method',
          `dev.antidrift.Test.${method}`,
          ...args,
        ],
        { env, timeout: 5_000 },
      )
    ).stdout;

  const g: Gnome = {
    major,
    runner,
    env,
    async gsettings(...args) {
      return (await runner.exec('gsettings', args, { env })).stdout;
    },
    async extensions(...args) {
      return (await runner.exec('gnome-extensions', args, { env })).stdout;
    },
    async extensionInfo(uuid) {
      const method = 'org.gnome.Shell.Extensions.GetExtensionInfo';
      const args = ['call', '--session', '--dest', 'org.gnome.Shell', '--object-path', '/org/gnome/Shell', '--method', method, uuid];
      return (await runner.exec('gdbus', args, { env, timeout: 5_000 })).stdout;
    },
    async extensionState(uuid) {
      const state = /'state': <([\d.]+)>/.exec(await g.extensionInfo(uuid))?.[1];
      return state === undefined ? undefined : Number(state);
    },
    async start() {
      await stopProc(shell);
      const enabled = parseStringArray(await g.gsettings('get', 'org.gnome.shell', 'enabled-extensions'));
      if (!enabled.includes(TEST_EXTENSION_UUID))
        await g.gsettings('set', 'org.gnome.shell', 'enabled-extensions', formatStringArray([...enabled, TEST_EXTENSION_UUID]));
      shell = runner.spawn(
        'gnome-shell',
        ['--headless', '--wayland', '--no-x11', '--virtual-monitor', '1280x720', '--wayland-display', 'antidrift-gnome'],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const append = (c: Buffer) => (output = (output + c.toString()).slice(-200_000));
      shell.stdout!.on('data', append);
      shell.stderr!.on('data', append);
      const started = shell;
      await waitFor(
        async () => {
          if (started.exitCode !== null) throw new Error(`gnome-shell exited (${started.exitCode}): ${output.slice(-3000)}`);
          try {
            await testControl('Titles');
            return true;
          } catch {
            return false;
          }
        },
        'GNOME Shell with the test extension',
        COMPOSITOR_START_MS,
      );
      // GNOME 50+ loads extensions asynchronously, marking them ERROR (with no error text) until loaded: wait for that to end.
      for (const uuid of parseStringArray(await g.gsettings('get', 'org.gnome.shell', 'enabled-extensions'))) {
        if (uuid === TEST_EXTENSION_UUID) continue;
        // A call that fails (gdbus's 5 s timeout while a loaded machine's shell is busy) is "not yet", not the end of the wait.
        await waitFor(
          async () => {
            const info = await g.extensionInfo(uuid).catch(() => null);
            return info !== null && !/'state': <3\.0>[\s\S]*'error': <''>/.test(info);
          },
          `${uuid} to finish loading`,
          COMPOSITOR_START_MS,
        );
      }
    },
    async openTerminal(title) {
      const { proc, setTitle } = await westonTerminal(root, ++opened, title, env, runner);
      terminals.push(proc);
      await waitFor(async () => {
        return (await testControl('Titles')).includes(`${proc.pid}:${title}`);
      }, `weston-terminal "${title}" to map`);
      return {
        title,
        proc,
        setTitle,
        async activate() {
          if (!(await testControl('Activate', String(proc.pid))).includes('true'))
            throw new Error(`no window of pid ${proc.pid} to activate`);
        },
      };
    },
    async stop() {
      await Promise.all(terminals.splice(0).map((t) => stopProc(t)));
      await stopProc(shell);
      await Promise.all([sessionBus.stop(), stopProc(systemBus)]);
      rmSync(root, { recursive: true, force: true });
    },
  };
  return g;
}

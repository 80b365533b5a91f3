// Test helper: a real headless GNOME Shell on private session and system buses, weston-terminal windows, a test extension.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileAsync, stopProc, waitFor, westonTerminal } from './processes';
import { startSessionBus } from './session-bus';

const TEST_EXTENSION = fileURLToPath(new URL('./gnome-test-extension', import.meta.url));
const TEST_UUID = 'antidrift-test@antidrift.dev';

export interface GnomeWindow {
  title: string;
  proc: ChildProcess;
  setTitle(title: string): void;
  activate(): Promise<void>;
}

export interface Gnome {
  /** What a client of this session sees (private buses, keyfile settings, data dir, GNOME desktop variables). */
  env: NodeJS.ProcessEnv;
  /** Starts (or restarts) GNOME Shell; call after installing extensions into env's XDG_DATA_HOME. */
  start(): Promise<void>;
  openTerminal(title: string): Promise<GnomeWindow>;
  gsettings(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** Private buses and settings; GNOME Shell itself starts with `start()`. */
export async function prepareGnome(): Promise<Gnome> {
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
  const systemBus = spawn('dbus-daemon', ['--nofork', `--config-file=${systemConf}`], { stdio: 'ignore' });
  const sessionBus = await startSessionBus(runtime);
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
  cpSync(TEST_EXTENSION, join(data, 'gnome-shell', 'extensions', TEST_UUID), { recursive: true });
  let shell: ChildProcess | undefined;
  let output = '';
  const terminals: ChildProcess[] = [];
  let opened = 0;

  /** Calls the test extension (dev.antidrift.Test) inside GNOME Shell and returns gdbus's printed reply. */
  const testControl = async (method: 'Titles' | 'Activate', ...args: string[]) =>
    (
      await execFileAsync(
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
    env,
    async gsettings(...args) {
      return (await execFileAsync('gsettings', args, { env })).stdout;
    },
    async start() {
      await stopProc(shell);
      const enabled = await g.gsettings('get', 'org.gnome.shell', 'enabled-extensions');
      if (!enabled.includes(TEST_UUID)) {
        const list = enabled.trim().replace(/^@as\s*/, '');
        const items =
          list === '[]'
            ? []
            : list
                .slice(1, -1)
                .split(',')
                .map((s) => s.trim());
        await g.gsettings('set', 'org.gnome.shell', 'enabled-extensions', `[${[...items, `'${TEST_UUID}'`].join(', ')}]`);
      }
      shell = spawn(
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
      await waitFor(async () => {
        if (started.exitCode !== null) throw new Error(`gnome-shell exited (${started.exitCode}): ${output.slice(-3000)}`);
        try {
          await testControl('Titles');
          return true;
        } catch {
          return false;
        }
      }, 'GNOME Shell with the test extension');
    },
    async openTerminal(title) {
      const { proc, setTitle } = await westonTerminal(root, ++opened, title, env);
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

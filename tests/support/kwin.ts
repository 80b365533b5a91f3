// Test helper: a real headless KWin (kwin_wayland --virtual) on a private session bus, weston-terminal windows.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileAsync, stopProc, waitFor, westonTerminal } from './processes';
import { startSessionBus } from './session-bus';

const SOCKET = 'antidrift-kwin';

export interface KwinWindow {
  title: string;
  proc: ChildProcess;
  setTitle(title: string): void;
  activate(): Promise<void>;
}

export interface Kwin {
  /** What a client of this session sees: the private bus, the Wayland socket, KDE's session variables. */
  env: NodeJS.ProcessEnv;
  openTerminal(title: string): Promise<KwinWindow>;
  /** Runs a throwaway KWin script, then unloads it. */
  runScript(source: string): Promise<void>;
  /** Whether KWin has a script of this plugin name loaded. */
  loaded(name: string): Promise<boolean>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startKwin(): Promise<Kwin> {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-kwin-'));
  const runtime = join(root, 'runtime');
  await execFileAsync('mkdir', ['-m', '0700', runtime]);
  // The packaged binary carries a file capability containers refuse; a plain copy drops it.
  // Its name must still end in kwin_wayland.
  const binary = join(root, 'kwin_wayland');
  copyFileSync('/usr/bin/kwin_wayland', binary);
  chmodSync(binary, 0o755);
  const bus = await startSessionBus(runtime);
  const busAddress = bus.address;
  const env: NodeJS.ProcessEnv = {
    PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: root,
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtime,
    DBUS_SESSION_BUS_ADDRESS: busAddress,
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'KDE',
    KDE_SESSION_VERSION: '5',
    WAYLAND_DISPLAY: SOCKET,
  };
  let kwin: ChildProcess | undefined;
  let output = '';
  const terminals: ChildProcess[] = [];
  let scripts = 0;
  let opened = 0;

  const dbusSend = (args: string[]) => execFileAsync('dbus-send', ['--session', '--print-reply', '--dest=org.kde.KWin', ...args], { env });

  async function launch(): Promise<void> {
    kwin = spawn(binary, ['--virtual', '--no-lockscreen', '--no-global-shortcuts', '--no-kactivities', '--socket', SOCKET], {
      env: { ...env, KWIN_COMPOSE: 'Q' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (c: Buffer) => (output = (output + c.toString()).slice(-200_000));
    kwin.stdout!.on('data', append);
    kwin.stderr!.on('data', append);
    const started = kwin;
    await waitFor(async () => {
      if (started.exitCode !== null) throw new Error(`kwin_wayland exited (${started.exitCode}): ${output.slice(-2000)}`);
      try {
        await dbusSend(['/Scripting', 'org.freedesktop.DBus.Introspectable.Introspect']);
        return true;
      } catch {
        return false;
      }
    }, 'KWin on the session bus');
  }

  const k: Kwin = {
    env,
    async openTerminal(title) {
      const { proc, setTitle } = await westonTerminal(root, ++opened, title, env);
      terminals.push(proc);
      const window: KwinWindow = {
        title,
        proc,
        setTitle,
        activate: () =>
          k.runScript(`
var list = workspace.windowList ? workspace.windowList() : workspace.clientList();
for (var i = 0; i < list.length; i++) {
  if (list[i].pid === ${proc.pid}) {
    if (workspace.activeWindow !== undefined) workspace.activeWindow = list[i]; else workspace.activeClient = list[i];
  }
}`),
      };
      const marker = `present-${proc.pid}`;
      await waitFor(async () => {
        await k.runScript(`
var list = workspace.windowList ? workspace.windowList() : workspace.clientList();
for (var i = 0; i < list.length; i++) if (list[i].pid === ${proc.pid}) print("${marker}");`);
        return output.includes(marker);
      }, `weston-terminal "${title}" to map`);
      return window;
    },
    async runScript(source) {
      const name = `antidrift-test-${++scripts}`;
      const file = join(root, `${name}.js`);
      writeFileSync(file, source);
      const { stdout } = await dbusSend(['/Scripting', 'org.kde.kwin.Scripting.loadScript', `string:${file}`, `string:${name}`]);
      const id = /int32 (\d+)/.exec(stdout)?.[1];
      if (id === undefined) throw new Error(`KWin did not load ${name}: ${stdout}`);
      await dbusSend([`/${id}`, 'org.kde.kwin.Script.run']).catch(() => dbusSend([`/Scripting/Script${id}`, 'org.kde.kwin.Script.run']));
      await new Promise((r) => setTimeout(r, 30));
      await dbusSend(['/Scripting', 'org.kde.kwin.Scripting.unloadScript', `string:${name}`]);
    },
    async loaded(name) {
      const { stdout } = await dbusSend(['/Scripting', 'org.kde.kwin.Scripting.isScriptLoaded', `string:${name}`]);
      return stdout.includes('boolean true');
    },
    async restart() {
      await Promise.all(terminals.splice(0).map((t) => stopProc(t)));
      await stopProc(kwin);
      await launch();
    },
    async stop() {
      await Promise.all(terminals.splice(0).map((t) => stopProc(t)));
      await stopProc(kwin);
      await bus.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
  await launch();
  return k;
}

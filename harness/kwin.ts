// Test helper: a real headless KWin (kwin_wayland --virtual; this machine's or a newer root's) on a private session bus, terminal windows.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPOSITOR_START_MS, execFileAsync, footTerminal, stopProc, waitFor, westonTerminal } from './processes';
import { onMachine, type Runner } from './runner';
import { startSessionBus } from './session-bus';

const SOCKET = 'antidrift-kwin';

export interface KwinWindow {
  title: string;
  proc: ChildProcess;
  setTitle(title: string): void;
  activate(): Promise<void>;
  /** Loads the activating script now; the returned function only runs it (one D-Bus call), for timing a switch. */
  prepareActivate(): Promise<() => Promise<void>>;
}

export interface Kwin {
  /** KWin's version ("kwin 6.3.6" → "6.3.6"). */
  version: string;
  runner: Runner;
  /** What a client of this session sees: the private bus, the Wayland socket, KDE's session variables. */
  env: NodeJS.ProcessEnv;
  /** A weston-terminal, or with `appId` a foot window of that app id (what KWin calls its resource class). */
  openTerminal(title: string, options?: { appId?: string }): Promise<KwinWindow>;
  /** Activates the first window whose resource class is `resourceClass` (e.g. the browser). */
  activateApp(resourceClass: string): Promise<void>;
  /** Runs a throwaway KWin script, then unloads it. */
  runScript(source: string): Promise<void>;
  /** Loads a throwaway KWin script; `run` runs it, then unloads it. */
  loadScript(source: string): Promise<{ run(): Promise<void> }>;
  /** Whether KWin has a script of this plugin name loaded. */
  loaded(name: string): Promise<boolean>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startKwin(runner: Runner = onMachine): Promise<Kwin> {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-kwin-'));
  const runtime = join(root, 'runtime');
  await execFileAsync('mkdir', ['-m', '0700', runtime]);
  // Debian 12's binary carries a file capability containers refuse; a plain copy drops it (its name must still end
  // in kwin_wayland). KWin 6 in a root runs as it is.
  let binary = 'kwin_wayland';
  if (runner === onMachine) {
    binary = join(root, 'kwin_wayland');
    copyFileSync('/usr/bin/kwin_wayland', binary);
    chmodSync(binary, 0o755);
  }
  const version =
    /kwin(?:_wayland)? (\S+)/.exec((await runner.exec(binary, ['--version'], { env: { PATH: '/usr/bin:/bin' } })).stdout)?.[1] ?? '';
  const bus = await startSessionBus(runtime, runner);
  const busAddress = bus.address;
  const env: NodeJS.ProcessEnv = {
    PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: root,
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtime,
    DBUS_SESSION_BUS_ADDRESS: busAddress,
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'KDE',
    KDE_SESSION_VERSION: version.split('.')[0] || '5',
    WAYLAND_DISPLAY: SOCKET,
  };
  let kwin: ChildProcess | undefined;
  let output = '';
  const terminals: ChildProcess[] = [];
  let scripts = 0;
  let opened = 0;

  const dbusSend = (args: string[]) => runner.exec('dbus-send', ['--session', '--print-reply', '--dest=org.kde.KWin', ...args], { env });

  async function launch(): Promise<void> {
    kwin = runner.spawn(binary, ['--virtual', '--no-lockscreen', '--no-global-shortcuts', '--no-kactivities', '--socket', SOCKET], {
      env: { ...env, KWIN_COMPOSE: 'Q' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (c: Buffer) => (output = (output + c.toString()).slice(-200_000));
    kwin.stdout!.on('data', append);
    kwin.stderr!.on('data', append);
    const started = kwin;
    await waitFor(
      async () => {
        if (started.exitCode !== null) throw new Error(`kwin_wayland exited (${started.exitCode}): ${output.slice(-2000)}`);
        try {
          await dbusSend(['/Scripting', 'org.freedesktop.DBus.Introspectable.Introspect']);
          return true;
        } catch {
          return false;
        }
      },
      'KWin on the session bus',
      COMPOSITOR_START_MS,
    );
  }

  const k: Kwin = {
    version,
    runner,
    env,
    async openTerminal(title, options = {}) {
      const { proc, setTitle } = options.appId
        ? await footTerminal(root, String(++opened), options.appId, title, env, runner)
        : await westonTerminal(root, ++opened, title, env, runner);
      terminals.push(proc);
      const activation = `
var list = workspace.windowList ? workspace.windowList() : workspace.clientList();
for (var i = 0; i < list.length; i++) {
  if (list[i].pid === ${proc.pid}) {
    if (workspace.activeWindow !== undefined) workspace.activeWindow = list[i]; else workspace.activeClient = list[i];
  }
}`;
      const window: KwinWindow = {
        title,
        proc,
        setTitle,
        activate: () => k.runScript(activation),
        prepareActivate: async () => (await k.loadScript(activation)).run,
      };
      const marker = `present-${proc.pid}`;
      await waitFor(async () => {
        await k.runScript(`
var list = workspace.windowList ? workspace.windowList() : workspace.clientList();
for (var i = 0; i < list.length; i++) if (list[i].pid === ${proc.pid}) print("${marker}");`);
        return output.includes(marker);
      }, `terminal "${title}" to map`);
      return window;
    },
    async activateApp(resourceClass) {
      const n = ++scripts;
      const marker = `activated-${resourceClass}-${n}`;
      await k.runScript(`
var list = workspace.windowList ? workspace.windowList() : workspace.clientList();
for (var i = 0; i < list.length; i++) {
  if (list[i].resourceClass === ${JSON.stringify(resourceClass)}) {
    if (workspace.activeWindow !== undefined) workspace.activeWindow = list[i]; else workspace.activeClient = list[i];
    print(${JSON.stringify(marker)});
    break;
  }
}
var classes = [];
for (var j = 0; j < list.length; j++) classes.push(list[j].resourceClass + "/" + list[j].resourceName + "/" + list[j].desktopFileName);
print("windows-${n}: " + classes.join(", "));`);
      await waitFor(() => output.includes(marker), `a window of ${resourceClass} to activate`, 5_000).catch((err: Error) => {
        throw new Error(
          `${err.message}; KWin has: ${output
            .split('\n')
            .filter((l) => l.includes(`windows-${n}:`))
            .join(' ')}`,
        );
      });
    },
    async runScript(source) {
      await (await k.loadScript(source)).run();
    },
    async loadScript(source) {
      const name = `antidrift-test-${++scripts}`;
      const file = join(root, `${name}.js`);
      writeFileSync(file, source);
      const { stdout } = await dbusSend(['/Scripting', 'org.kde.kwin.Scripting.loadScript', `string:${file}`, `string:${name}`]);
      const id = /int32 (\d+)/.exec(stdout)?.[1];
      if (id === undefined) throw new Error(`KWin did not load ${name}: ${stdout}`);
      // Plasma 6 runs scripts at /Scripting/Script<id>, Plasma 5 at /<id>: ask the right one first (each call costs a process).
      const paths = Number(version.split('.')[0]) >= 6 ? [`/Scripting/Script${id}`, `/${id}`] : [`/${id}`, `/Scripting/Script${id}`];
      return {
        async run() {
          await dbusSend([paths[0]!, 'org.kde.kwin.Script.run']).catch(() => dbusSend([paths[1]!, 'org.kde.kwin.Script.run']));
          await new Promise((r) => setTimeout(r, 30));
          await dbusSend(['/Scripting', 'org.kde.kwin.Scripting.unloadScript', `string:${name}`]);
        },
      };
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

// The newer desktops of the desktops tier (Debian trixie and sid roots), each started the same way for the tests and the bench.
import { makeHostEnv } from './host-env';
import { runHostCommand } from './spawn-host';
import { prepareGnome, type Gnome } from './gnome';
import { startKwin } from './kwin';
import { startLabwc } from './labwc';
import { inRoot, type Runner } from './runner';
import { startSway } from './sway';

export interface DesktopWindow {
  setTitle(title: string): void;
  /** Gives it the focus the way this desktop allows (resolves when the command that asks for it returned). */
  focus(): Promise<void>;
  /** Where focusing takes several commands (KWin: load a script, run it): does all but the last; the result does that one. */
  prepareFocus?(): Promise<() => Promise<void>>;
}

export interface DesktopUnderTest {
  /** e.g. "GNOME Shell 48.7". */
  label: string;
  runner: Runner;
  /** What a program of this session sees. */
  env: NodeJS.ProcessEnv;
  /** A terminal window titled `title`; `name` tells it apart (its app id where the desktop has them). */
  open(name: string, title: string): Promise<DesktopWindow>;
  /** The compositor stops (its windows with it) and a new one starts. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface NewerDesktop {
  id: string;
  name: string;
  suite: 'trixie' | 'sid';
  /** The watcher kind the helper must choose there. */
  watcher: string;
  /** What the started desktop's label must say (the version this row is verified on). */
  version: RegExp;
  start(root: string): Promise<DesktopUnderTest>;
}

/** GNOME Shell with the extension the helper's own `install` wrote (inside the root) before the shell started. */
export async function startGnomeDesktop(suite: string, root: string): Promise<DesktopUnderTest & { gnome: Gnome }> {
  const gnome = await prepareGnome(inRoot(suite, root));
  try {
    const install = await runHostCommand(
      makeHostEnv(gnome.env).env,
      ['install', '--browser', 'chromium', '--gnome-extension'],
      gnome.runner,
    );
    if (install.code !== 0)
      throw new Error(`antidrift-host install failed in GNOME Shell ${gnome.major}: ${install.stderr}${install.stdout}`);
    await gnome.start();
  } catch (err) {
    await gnome.stop();
    throw err;
  }
  return {
    gnome,
    label: `GNOME Shell ${gnome.major}`,
    runner: gnome.runner,
    env: gnome.env,
    async open(_name, title) {
      const w = await gnome.openTerminal(title);
      return { setTitle: w.setTitle, focus: w.activate };
    },
    restart: () => gnome.start(),
    stop: () => gnome.stop(),
  };
}

async function startKwinDesktop(suite: string, root: string): Promise<DesktopUnderTest> {
  const kwin = await startKwin(inRoot(suite, root));
  return {
    label: `KWin ${kwin.version}`,
    runner: kwin.runner,
    env: kwin.env,
    async open(_name, title) {
      const w = await kwin.openTerminal(title);
      return { setTitle: w.setTitle, focus: w.activate, prepareFocus: w.prepareActivate };
    },
    restart: () => kwin.restart(),
    stop: () => kwin.stop(),
  };
}

async function startLabwcDesktop(root: string): Promise<DesktopUnderTest> {
  const labwc = await startLabwc(inRoot('trixie', root));
  return {
    label: `labwc ${labwc.version}`,
    runner: labwc.runner,
    env: labwc.env,
    open: (name, title) => labwc.openFoot(name, title),
    restart: () => labwc.restart(),
    stop: () => labwc.stop(),
  };
}

async function startSwayDesktop(root: string): Promise<DesktopUnderTest> {
  const runner = inRoot('sid', root);
  const sway = await startSway({ runner });
  const version = /sway version (\S+)/.exec((await runner.exec('sway', ['--version'], { env: { PATH: '/usr/bin:/bin' } })).stdout)?.[1];
  return {
    label: `sway ${version ?? '?'}`,
    runner,
    env: sway.env,
    open: (name, title) => sway.openFoot(name, title),
    restart: () => sway.restart(),
    stop: () => sway.stop(),
  };
}

export const NEWER_DESKTOPS: NewerDesktop[] = [
  {
    id: 'gnome-48',
    name: 'GNOME Shell 48',
    suite: 'trixie',
    watcher: 'gnome-shell',
    version: /^GNOME Shell 48$/,
    start: (root) => startGnomeDesktop('trixie', root),
  },
  {
    id: 'gnome-51',
    name: 'GNOME Shell 51',
    suite: 'sid',
    watcher: 'gnome-shell',
    version: /^GNOME Shell 51$/,
    start: (root) => startGnomeDesktop('sid', root),
  },
  {
    id: 'kwin-6.3',
    name: 'KWin 6.3 (Plasma 6)',
    suite: 'trixie',
    watcher: 'kwin',
    version: /^KWin 6\.3\./,
    start: (root) => startKwinDesktop('trixie', root),
  },
  {
    id: 'kwin-6.7',
    name: 'KWin 6.7 (Plasma 6)',
    suite: 'sid',
    watcher: 'kwin',
    version: /^KWin 6\.7\./,
    start: (root) => startKwinDesktop('sid', root),
  },
  {
    id: 'labwc-0.8',
    name: 'labwc 0.8',
    suite: 'trixie',
    watcher: 'wlr-foreign-toplevel',
    version: /^labwc 0\.8\./,
    start: startLabwcDesktop,
  },
  { id: 'sway-1.12', name: 'sway 1.12', suite: 'sid', watcher: 'sway-ipc', version: /^sway 1\.12/, start: startSwayDesktop },
];

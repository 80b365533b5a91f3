// Which window watcher the host picks for a session, and what it says about the ones it did not pick.
import { describe, expect, it } from 'vitest';
import { chooseWatcher, LINUX_WATCHERS, type ProbeFacts } from '../../native-host/src/watcher/probe.js';

const RUNTIME = '/run/user/1000';

function choose(env: NodeJS.ProcessEnv, existing: string[] = [], platform: NodeJS.Platform = 'linux') {
  const facts: ProbeFacts = { platform, env, exists: (p) => existing.includes(p) };
  return chooseWatcher(facts);
}

const kinds = (c: ReturnType<typeof choose>) => c.skipped.map((s) => s.kind);

describe('watcher probe', () => {
  it('Windows and macOS have one watcher each', () => {
    expect(choose({}, [], 'win32').kind).toBe('windows');
    expect(choose({}, [], 'darwin').kind).toBe('macos');
    expect(choose({}, [], 'aix').kind).toBe('none');
  });

  it('an X11 session uses X11, and says why each Wayland watcher was not chosen', () => {
    const c = choose({ XDG_SESSION_TYPE: 'x11', DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' });
    expect(c).toMatchObject({ kind: 'x11', display: ':0' });
    expect(kinds(c)).toEqual(LINUX_WATCHERS.filter((k) => k !== 'x11'));
    expect(c.skipped.every((s) => s.why.includes('X11 session'))).toBe(true);
  });

  it('no display at all: none, with what to check', () => {
    expect(choose({}).kind).toBe('none');
    expect(choose({}).why).toMatch(/no DISPLAY and no WAYLAND_DISPLAY/);
  });

  it('sway: its IPC socket first, never XWayland, even with DISPLAY set', () => {
    const sock = `${RUNTIME}/sway-ipc.1000.42.sock`;
    const c = choose(
      { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-1', XDG_RUNTIME_DIR: RUNTIME, SWAYSOCK: sock, DISPLAY: ':0' },
      [sock, `${RUNTIME}/wayland-1`],
    );
    expect(c).toMatchObject({ kind: 'sway-ipc', socket: sock });
    expect(c.skipped.find((s) => s.kind === 'x11')?.why).toMatch(/XWayland.*only XWayland windows/);
    expect(c.skipped.find((s) => s.kind === 'wlr-foreign-toplevel')?.why).toMatch(/sway-ipc comes first/);
    expect(new Set(kinds(c))).toEqual(new Set(LINUX_WATCHERS.filter((k) => k !== 'sway-ipc')));
  });

  it('a stale SWAYSOCK falls through to the wlroots protocol on the same compositor', () => {
    const c = choose({ WAYLAND_DISPLAY: 'wayland-1', XDG_RUNTIME_DIR: RUNTIME, SWAYSOCK: '/gone.sock' }, [`${RUNTIME}/wayland-1`]);
    expect(c).toMatchObject({ kind: 'wlr-foreign-toplevel', socket: `${RUNTIME}/wayland-1` });
    expect(c.skipped.find((s) => s.kind === 'sway-ipc')?.why).toMatch(/does not exist/);
  });

  it('an absolute WAYLAND_DISPLAY is used as it is', () => {
    expect(choose({ WAYLAND_DISPLAY: '/tmp/w/wayland-9' }, ['/tmp/w/wayland-9'])).toMatchObject({
      kind: 'wlr-foreign-toplevel',
      socket: '/tmp/w/wayland-9',
    });
  });

  it('Hyprland: the socket2 under XDG_RUNTIME_DIR/hypr, or the pre-0.40 one under /tmp/hypr', () => {
    const env = { WAYLAND_DISPLAY: 'wayland-1', XDG_RUNTIME_DIR: RUNTIME, HYPRLAND_INSTANCE_SIGNATURE: 'abc_123' };
    expect(choose(env, [`${RUNTIME}/hypr/abc_123/.socket2.sock`])).toMatchObject({
      kind: 'hyprland',
      socket: `${RUNTIME}/hypr/abc_123/.socket2.sock`,
    });
    expect(choose(env, ['/tmp/hypr/abc_123/.socket2.sock'])).toMatchObject({ kind: 'hyprland', socket: '/tmp/hypr/abc_123/.socket2.sock' });
    const missing = choose(env, [`${RUNTIME}/wayland-1`]);
    expect(missing.kind).toBe('wlr-foreign-toplevel');
    expect(missing.skipped.find((s) => s.kind === 'hyprland')?.why).toMatch(/does not exist/);
  });

  it('a signature that tries to climb out of the runtime dir is not used as a path', () => {
    const c = choose({ WAYLAND_DISPLAY: 'w', XDG_RUNTIME_DIR: RUNTIME, HYPRLAND_INSTANCE_SIGNATURE: '../../etc' }, [
      `${RUNTIME}/hypr/../../etc/.socket2.sock`,
    ]);
    expect(c.kind).not.toBe('hyprland');
  });

  it('KDE Plasma and GNOME are recognised from the desktop variables', () => {
    const base = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', XDG_RUNTIME_DIR: RUNTIME };
    expect(choose({ ...base, XDG_CURRENT_DESKTOP: 'KDE' }).kind).toBe('kwin');
    expect(choose({ ...base, KDE_SESSION_VERSION: '6' }).why).toMatch(/KDE Plasma 6/);
    expect(choose({ ...base, XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' }).kind).toBe('gnome-shell');
    expect(choose({ ...base, XDG_CURRENT_DESKTOP: 'GNOME-Classic:GNOME' }).kind).toBe('gnome-shell');
  });

  it('a Wayland session with no readable socket is none, and X11 is still refused', () => {
    const c = choose({ XDG_SESSION_TYPE: 'wayland', DISPLAY: ':1' });
    expect(c.kind).toBe('none');
    expect(c.why).toMatch(/Wayland session/);
    expect(c.skipped.find((s) => s.kind === 'x11')?.why).toMatch(/XWayland/);
  });
});

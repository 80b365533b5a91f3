// Every desktop in the registry says, in one spec, how it is detected, started, worded and checked; GNOME has one rule for all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Session } from '../../native-host/src/desktops/desktop-spec.js';
import { GNOME_EXTENSION_UUID, isGnomeSession } from '../../native-host/src/desktops/gnome/identity.js';
import { gnome } from '../../native-host/src/desktops/gnome/spec.js';
import { GNOME_INTEGRATION_STATES, gnomeIntegrationMessage } from '../../native-host/src/desktops/gnome/states.js';
import { DESKTOP_SPECS, LINUX_WATCHERS, desktopSpec } from '../../native-host/src/desktops/registry.js';
import { parseInstallArgs, type InstallOptions } from '../../native-host/src/install/args.js';
import type { DoctorReport } from '../../native-host/src/install/doctor-report.js';
import { chooseWatcher } from '../../native-host/src/watcher/probe.js';

const home = mkdtempSync(join(tmpdir(), 'antidrift-desktop-specs-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function session(over: Partial<Session> = {}): Session {
  return { platform: 'linux', env: {}, exists: () => false, wayland: true, sessionType: 'wayland', display: undefined, ...over };
}

function report(watcher: DoctorReport['watcher'], over: Partial<DoctorReport> = {}): DoctorReport {
  return { watcher, ...over } as DoctorReport;
}

function installOptions(args: string[] = []): InstallOptions {
  const parsed = parseInstallArgs(args);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.options;
}

describe('desktop specs', () => {
  it('name the eight desktops once each, Linux ones in the order the probe asks them', () => {
    expect(DESKTOP_SPECS.map((s) => s.kind).sort()).toEqual(
      ['gnome-shell', 'hyprland', 'kwin', 'macos', 'sway-ipc', 'windows', 'wlr-foreign-toplevel', 'x11'].sort(),
    );
    expect(LINUX_WATCHERS).toEqual(['sway-ipc', 'hyprland', 'kwin', 'gnome-shell', 'wlr-foreign-toplevel', 'x11']);
  });

  it.each(DESKTOP_SPECS.map((spec) => [spec.kind, spec] as const))('%s: detection, start, state words and doctor rows', (kind, spec) => {
    expect(desktopSpec(kind)).toBe(spec);
    expect(spec.label).not.toBe('');
    // Detection answers with a reason either way, in words.
    const answer = spec.detect(session());
    expect(answer.why.length).toBeGreaterThan(5);
    expect(typeof spec.start).toBe('function');
    const running = spec.states.running('/run/user/1000/socket');
    expect(running.length).toBeGreaterThan(5);
    const rows = spec.doctor.rows(report({ state: 'running', kind, message: running, why: answer.why }));
    expect(rows[0]).toEqual([kind, `running  ${running}`]);
    expect(rows).toContainEqual(['chosen', answer.why]);
  });

  it("GNOME's states are worded once, in its spec, and its doctor row names the extension by the spec's uuid", () => {
    for (const state of GNOME_INTEGRATION_STATES) expect(gnome.states.integration?.[state]).toBe(gnomeIntegrationMessage({ state }));
    const rows = gnome.doctor.check!.rows(
      report({ state: 'running', kind: 'x11' }, { gnomeExtension: { installed: true, enabled: false, path: '/p' } }),
    );
    expect(rows).toEqual([['gnome ext', expect.stringContaining(`gnome-extensions enable ${GNOME_EXTENSION_UUID}`)]]);
    expect(gnome.install?.label).toBe('GNOME Shell extension');
  });
});

describe('the one GNOME rule', () => {
  const cases: [NodeJS.ProcessEnv, boolean][] = [
    [{ XDG_CURRENT_DESKTOP: 'GNOME' }, true],
    [{ XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' }, true],
    [{ XDG_CURRENT_DESKTOP: 'GNOME-Classic:GNOME' }, true],
    [{ XDG_CURRENT_DESKTOP: 'pop:GNOME' }, true],
    [{ XDG_SESSION_DESKTOP: 'gnome' }, true],
    [{ DESKTOP_SESSION: 'ubuntu' }, true],
    [{ DESKTOP_SESSION: 'gnome-xorg' }, true],
    [{ XDG_CURRENT_DESKTOP: 'Unity' }, false],
    [{ XDG_CURRENT_DESKTOP: 'KDE' }, false],
    [{ XDG_CURRENT_DESKTOP: 'X-Cinnamon' }, false],
    [{ XDG_CURRENT_DESKTOP: 'sway' }, false],
    [{}, false],
  ];

  it.each(cases)('%o → GNOME %s for the watcher, install and doctor alike', async (desktop, expected) => {
    const env = { ...desktop, HOME: home, PATH: '' };
    expect(isGnomeSession(env)).toBe(expected);
    // The watcher's probe, in a Wayland session with nothing else to find.
    const probed = chooseWatcher({ platform: 'linux', env: { ...env, XDG_SESSION_TYPE: 'wayland' }, exists: () => false });
    expect(probed.kind === 'gnome-shell').toBe(expected);
    expect(gnome.detect(session({ env })).found).toBe(expected);
    // install, as `antidrift-host install` decides without --gnome-extension.
    expect(gnome.install?.wanted(installOptions(), 'linux', env)).toBe(expected);
    // doctor checks the extension in the same sessions (no bus and no gsettings here: it answers from the files).
    const checked = await gnome.doctor.check!.run('linux', env);
    expect('gnomeExtension' in checked).toBe(expected);
  });
});

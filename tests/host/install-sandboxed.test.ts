// Snap and Flatpak browsers in a temp HOME: the registration where each reads it, the Flatpak proxy, doctor's word on each, and uninstall.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NATIVE_HOST_NAME } from '../../shared/protocol/extension-id.js';
import { flatpakPermissionCommand } from '../../shared/protocol/sandboxed-browsers.js';
import { DoctorReport } from '../../native-host/src/install/doctor-report.js';
import { helloThroughLauncher, setup, VERSION } from './helpers/install-env.js';
import { runHostCommand } from '../../harness/spawn-host.js';

const MANIFEST = `${NATIVE_HOST_NAME}.json`;
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { path: string };

describe('Snap and Flatpak browsers (folders as each makes them; the sandboxes themselves cannot run here)', () => {
  it('registers each where it reads, starts Flatpak ones through a proxy, says what to do, and uninstalls it all', async () => {
    const s = setup();
    const snapChromium = join(s.home, 'snap', 'chromium');
    const brave = join(s.home, '.var', 'app', 'com.brave.Browser');
    const flatFirefox = join(s.home, '.var', 'app', 'org.mozilla.firefox');
    for (const dir of [join(s.home, 'snap', 'firefox'), snapChromium, brave, flatFirefox]) mkdirSync(dir, { recursive: true });

    const install = await runHostCommand(s.env, ['install']);
    expect(install.code, install.stderr).toBe(0);
    // Firefox from Snap (its portal) and from Flatpak (xdg-native-messaging-proxy) read the usual manifest.
    expect(readJson(join(s.firefoxHosts, MANIFEST)).path).toBe(s.launcher);
    expect(readJson(join(snapChromium, 'common', 'chromium', 'NativeMessagingHosts', MANIFEST)).path).toBe(s.launcher);
    const braveProxy = join(brave, 'data', 'antidrift', 'antidrift-host-proxy');
    const firefoxProxy = join(flatFirefox, 'data', 'antidrift', 'antidrift-host-proxy');
    expect(readJson(join(brave, 'config', 'BraveSoftware', 'Brave-Browser', 'NativeMessagingHosts', MANIFEST)).path).toBe(braveProxy);
    expect(readJson(join(flatFirefox, '.mozilla', 'native-messaging-hosts', MANIFEST)).path).toBe(firefoxProxy);
    expect(readFileSync(braveProxy, 'utf8')).toContain(`exec /usr/bin/flatpak-spawn --host '${s.launcher}' "$@"`);
    expect(install.stdout).toContain('Brave from Flatpak');
    expect(install.stdout).toContain(flatpakPermissionCommand('com.brave.Browser'));
    expect(install.stdout).toContain('Chromium from Snap cannot start programs outside its sandbox');
    expect(install.stdout).toContain('Firefox from Snap starts the helper through the desktop portal');

    // The proxy passes the browser's arguments and pipes through: with flatpak-spawn played by a script
    // that runs its command as the host would, a real framed hello comes back through it.
    const fakeSpawn = join(s.root, 'flatpak-spawn');
    writeFileSync(fakeSpawn, '#!/bin/sh\n[ "$1" = --host ] || exit 9\nshift\nexec "$@"\n');
    chmodSync(fakeSpawn, 0o755);
    const proxyHere = join(s.root, 'proxy-here');
    writeFileSync(proxyHere, readFileSync(braveProxy, 'utf8').replace('/usr/bin/flatpak-spawn', fakeSpawn));
    chmodSync(proxyHere, 0o755);
    expect((await helloThroughLauncher(proxyHere, s.env)).hostVersion).toBe(VERSION);

    const report = async () => DoctorReport.parse(JSON.parse((await runHostCommand(s.env, ['doctor', '--json'])).stdout));
    const rowOf = (r: DoctorReport, label: string) => r.browsers.find((b) => b.browser === label);
    const before = await report();
    expect(rowOf(before, 'Brave from Flatpak')).toMatchObject({
      status: 'ok',
      sandbox: { packaging: 'flatpak', reach: 'flatpak-spawn', permission: false },
      problems: [
        `it may not start programs outside its sandbox yet: run \`${flatpakPermissionCommand('com.brave.Browser')}\`, then restart it`,
      ],
    });
    expect(rowOf(before, 'Chromium from Snap')).toMatchObject({ status: 'ok', sandbox: { reach: 'none' } });
    expect(rowOf(before, 'Firefox from Snap')).toMatchObject({ status: 'ok', problems: [], sandbox: { reach: 'portal' } });
    // The helper itself is fine: the launcher the ordinary manifests name answers.
    expect(before.launcher).toMatchObject({ path: s.launcher, problems: [], hello: { hostVersion: VERSION } });
    const text = await runHostCommand(s.env, ['doctor']);
    expect(text.stdout).toMatch(/Snap and Flatpak:\n( {2}.*\n)* {2}Brave from Flatpak: it may not start programs outside its sandbox yet/);

    // The permission as `flatpak override --user` writes it; then a proxy deleted by hand.
    const overrides = join(s.dataDir, '..', 'flatpak', 'overrides');
    mkdirSync(overrides, { recursive: true });
    writeFileSync(join(overrides, 'com.brave.Browser'), '[Session Bus Policy]\norg.freedesktop.Flatpak=talk\n');
    const granted = await report();
    expect(rowOf(granted, 'Brave from Flatpak')).toMatchObject({ problems: [], sandbox: { permission: true } });
    writeFileSync(braveProxy, 'not ours');
    expect(rowOf(await report(), 'Brave from Flatpak')?.problems[0]).toMatch(
      /the proxy inside its sandbox .* is missing or not named: run `npx/,
    );

    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stdout).toBe(0);
    expect(existsSync(firefoxProxy)).toBe(false);
    expect(existsSync(join(flatFirefox, '.mozilla', 'native-messaging-hosts', MANIFEST))).toBe(false);
    expect(existsSync(join(snapChromium, 'common', 'chromium', 'NativeMessagingHosts', MANIFEST))).toBe(false);
    // A file that is no longer ours stays; the browsers' own folders stay.
    expect(readFileSync(braveProxy, 'utf8')).toBe('not ours');
    expect(existsSync(brave) && existsSync(snapChromium)).toBe(true);
  });
});

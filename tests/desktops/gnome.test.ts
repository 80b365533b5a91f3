// GNOME Shell 48 (trixie) and 51 (sid): every state the shell can put our extension in, said by hello and doctor with its fix.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GNOME_EXTENSION_UUID } from '../../native-host/src/desktops/gnome/identity.js';
import { parseStringArray } from '../../native-host/src/desktops/gnome/shell-tools.js';
import { HelloReply } from '../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { runHostCommand, spawnHost } from '../../harness/spawn-host.js';
import type { Gnome } from '../../harness/gnome';
import { startGnomeDesktop } from '../../harness/newer-desktops';
import { waitFor } from '../../harness/processes';

const roots = inject('desktopRoots');

for (const [suite, major] of [
  ['trixie', 48],
  ['sid', 51],
] as const) {
  describe(`GNOME Shell ${major} (Debian ${suite}): the extension's states`, () => {
    let gnome: Gnome;
    let env: HostTestEnv;
    const hostEnv = () => env;
    const extensionDir = () => join(gnome.env.XDG_DATA_HOME!, 'gnome-shell', 'extensions', GNOME_EXTENSION_UUID);
    beforeAll(async () => {
      gnome = (await startGnomeDesktop(suite, roots[suite]!)).gnome;
      env = makeHostEnv(gnome.env);
    }, 120_000);
    afterAll(async () => {
      await gnome?.stop();
      env?.cleanup();
    });
    /** What a fresh helper says of the watcher (hello), and what doctor prints, in this session now. */
    const report = async () => {
      const host = spawnHost({ env: hostEnv().env, runner: gnome.runner });
      try {
        await host.next((m) => m.type === 'watcher' && m.state !== 'starting', 20_000);
        host.send({ id: 1, type: 'hello' });
        const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
        const doctor = await runHostCommand(hostEnv().env, ['doctor'], gnome.runner);
        return { watcher: hello.watcher, doctor: doctor.stdout };
      } finally {
        await host.close();
      }
    };

    it('GNOME Shell loaded the ES-module extension the helper wrote and says it is active', async () => {
      expect(readFileSync(join(extensionDir(), 'extension.js'), 'utf8')).toContain(
        "from 'resource:///org/gnome/shell/extensions/extension.js'",
      );
      expect(JSON.parse(readFileSync(join(extensionDir(), 'metadata.json'), 'utf8'))['shell-version']).toContain(String(major));
      expect(await gnome.extensionState(GNOME_EXTENSION_UUID), await gnome.extensionInfo(GNOME_EXTENSION_UUID)).toBe(1);
      const { watcher, doctor } = await report();
      expect(watcher).toMatchObject({ kind: 'gnome-shell', state: 'running' });
      expect(doctor).toMatch(/gnome ext\s+OK {2}the antidrift GNOME Shell extension is active/);
    }, 60_000);

    it('disabled while the shell runs: the running helper says so at once, and picks up again when it is enabled', async () => {
      const host = spawnHost({ env: hostEnv().env, runner: gnome.runner });
      try {
        await host.next((m) => m.type === 'watcher' && m.state === 'running', 20_000);
        await gnome.extensions('disable', GNOME_EXTENSION_UUID);
        const lost = await host.next((m) => m.type === 'watcher' && m.state === 'failed', 10_000);
        expect(lost.message).toContain('is installed but disabled: turn it on in the Extensions app');
        const { watcher, doctor } = await report();
        expect(watcher.message).toContain('is installed but disabled');
        expect(doctor).toMatch(/gnome ext\s+PROBLEM {2}the antidrift GNOME Shell extension is installed but disabled/);
        await gnome.extensions('enable', GNOME_EXTENSION_UUID);
        await host.next((m) => m.type === 'watcher' && m.state === 'running', 40_000);
      } finally {
        await host.close();
      }
    }, 90_000);

    it('extensions turned off for the session: said as that, not as "disabled"', async () => {
      await gnome.gsettings('set', 'org.gnome.shell', 'disable-user-extensions', 'true');
      try {
        await waitFor(async () => (await gnome.extensionState(GNOME_EXTENSION_UUID)) !== 1, 'the shell to turn it off');
        const { watcher } = await report();
        expect(watcher.message).toContain('extensions are turned off in this session: turn on "Use Extensions"');
      } finally {
        await gnome.gsettings('set', 'org.gnome.shell', 'disable-user-extensions', 'false');
      }
      await waitFor(async () => (await gnome.extensionState(GNOME_EXTENSION_UUID)) === 1, 'active again');
    }, 60_000);

    it("out of date for this shell: said with the version and the fix; the helper's install fixes it", async () => {
      const metadata = join(extensionDir(), 'metadata.json');
      const good = readFileSync(metadata, 'utf8');
      writeFileSync(metadata, JSON.stringify({ ...JSON.parse(good), 'shell-version': ['45'] }));
      await gnome.start(); // the next login reads the files again
      const { watcher, doctor } = await report();
      expect(watcher.message).toMatch(new RegExp(`is out of date for GNOME Shell ${major}[.\\d]*: run \`antidrift-host install\` again`));
      expect(doctor).toContain(`out of date for GNOME Shell ${major}`);
      const install = await runHostCommand(hostEnv().env, ['install', '--browser', 'chromium', '--gnome-extension'], gnome.runner);
      expect(install.code, install.stderr).toBe(0);
      await gnome.start();
      expect((await report()).watcher.state).toBe('running');
    }, 90_000);

    it("failed to load: GNOME Shell's own error, and the fix", async () => {
      const script = join(extensionDir(), 'extension.js');
      const good = readFileSync(script, 'utf8');
      writeFileSync(script, `${good}\nthis is not JavaScript (\n`);
      await gnome.start();
      const { watcher, doctor } = await report();
      expect(watcher.message).toMatch(/failed to load: .*SyntaxError/i);
      expect(doctor).toMatch(/gnome ext\s+PROBLEM {2}the antidrift GNOME Shell extension failed to load/);
      writeFileSync(script, good);
    }, 90_000);

    it('installed while the shell runs: waiting for the next login; after it, running', async () => {
      const removed = await runHostCommand(hostEnv().env, ['uninstall'], gnome.runner);
      expect(removed.code, removed.stderr + removed.stdout).toBe(0);
      expect(existsSync(extensionDir())).toBe(false);
      expect(parseStringArray(await gnome.gsettings('get', 'org.gnome.shell', 'enabled-extensions'))).not.toContain(GNOME_EXTENSION_UUID);
      await gnome.start(); // a login without it
      expect((await report()).watcher.message).toContain('GNOME Shell extension is not installed: run `antidrift-host install`');
      const install = await runHostCommand(hostEnv().env, ['install', '--browser', 'chromium', '--gnome-extension'], gnome.runner);
      expect(install.code, install.stderr).toBe(0);
      const { watcher, doctor } = await report();
      expect(watcher.message).toContain('is installed; GNOME Shell loads it at the next login: log out and back in');
      expect(doctor).toContain('loads it at the next login');
      await gnome.start();
      expect((await report()).watcher.state).toBe('running');
    }, 120_000);
  });
}

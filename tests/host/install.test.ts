// `antidrift-host install / uninstall` as the built host in a temp HOME: its own copy, its launcher, the registrations, and every half-done state.
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { versionDirOfEntry } from '../../native-host/src/install/host-files.js';
import { sudoRefusal } from '../../native-host/src/install/install.js';
import { EXTENSION_ID, GECKO_ID, NATIVE_HOST_NAME } from '../../shared/protocol/extension-id.js';
import { PROTOCOL_VERSION } from '../../shared/protocol/frames.js';
import { helloThroughLauncher, setup, VERSION } from './helpers/install-env.js';
import { HOST_DIST, runHostCommand } from '../../harness/spawn-host.js';

const execFileAsync = promisify(execFile);
const MANIFEST = `${NATIVE_HOST_NAME}.json`;

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** Runs the built helper from a copy elsewhere, as npx runs it from its cache (deleted afterwards). */
function helperElsewhere(root: string): string {
  const dir = join(root, 'npx-cache', 'node_modules', 'antidrift-host');
  mkdirSync(dir, { recursive: true });
  cpSync(join(HOST_DIST, '..'), dir, { recursive: true });
  return join(dir, 'antidrift-host.cjs');
}

async function run(env: NodeJS.ProcessEnv, script: string, args: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [script, ...args], { env, encoding: 'utf8', timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('install / uninstall in a temp HOME', () => {
  it('copies itself to its own folder, registers a launcher there that needs no PATH, and uninstalls only its own files', async () => {
    const s = setup();
    mkdirSync(s.chromiumHosts, { recursive: true });
    mkdirSync(join(s.home, '.mozilla'), { recursive: true });
    const unrelated = join(s.chromiumHosts, 'com.example.other.json');
    writeFileSync(unrelated, '{"name":"com.example.other"}');

    // Started from a copy elsewhere (npx's cache), which is then deleted: nothing may point into it.
    const elsewhere = helperElsewhere(s.root);
    const install = await run(s.env, elsewhere, ['install']);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/Skipped \(not installed here\): chrome, edge, brave, vivaldi/);
    rmSync(join(s.root, 'npx-cache'), { recursive: true });

    const chromium = readJson(join(s.chromiumHosts, MANIFEST));
    expect(chromium).toEqual({
      name: NATIVE_HOST_NAME,
      description: expect.any(String),
      path: s.launcher,
      type: 'stdio',
      allowed_origins: [`chrome-extension://${EXTENSION_ID}/`],
    });
    const firefox = readJson(join(s.firefoxHosts, MANIFEST));
    expect(firefox).toMatchObject({ name: NATIVE_HOST_NAME, path: s.launcher, type: 'stdio', allowed_extensions: [GECKO_ID] });
    expect(firefox.allowed_origins).toBeUndefined();
    expect(existsSync(join(s.config, 'google-chrome'))).toBe(false);

    // The copy: the entry, its chunks, its marker.
    expect(readdirSync(s.copy).sort()).toEqual(['.antidrift-host.json', 'antidrift-host.cjs', 'chunks']);
    expect(statSync(s.launcher).mode & 0o111).toBe(0o111);
    const launcherText = readFileSync(s.launcher, 'utf8');
    expect(launcherText).toBe(
      `#!/bin/sh\n# antidrift native host wrapper\nexec '${process.execPath}' '${join(s.copy, 'antidrift-host.cjs')}' "$@"\n`,
    );
    const written = [launcherText, JSON.stringify(chromium), JSON.stringify(firefox), readFileSync(s.record, 'utf8')].join('\n');
    expect(written).not.toContain('npx-cache');
    expect(written).not.toContain(process.cwd());

    // A PATH without Node (a browser started from the desktop) still starts it.
    const noNode = { ...s.env, PATH: '/nonexistent' };
    const version = await execFileAsync(s.launcher, ['--version'], { env: noNode, encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(VERSION);
    const hello = await helloThroughLauncher(s.launcher, noNode);
    expect(hello).toMatchObject({ id: 1, hostVersion: VERSION, protocol: PROTOCOL_VERSION });

    // Someone replaced the Firefox manifest with their own file: uninstall must leave it.
    const foreign = '{"name":"somebody.else","path":"/bin/true","type":"stdio"}';
    writeFileSync(join(s.firefoxHosts, MANIFEST), foreign);

    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(existsSync(join(s.chromiumHosts, MANIFEST))).toBe(false);
    expect(existsSync(s.launcher)).toBe(false);
    expect(existsSync(s.hostHome)).toBe(false);
    expect(readFileSync(unrelated, 'utf8')).toBe('{"name":"com.example.other"}');
    expect(existsSync(s.chromiumHosts)).toBe(true);
    expect(readFileSync(join(s.firefoxHosts, MANIFEST), 'utf8')).toBe(foreign);
    expect(uninstall.stdout).toContain('left alone');
    expect(existsSync(s.record)).toBe(false);
    expect(existsSync(join(s.home, '.mozilla'))).toBe(true);

    const again = await runHostCommand(s.env, ['uninstall']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to uninstall');
  });

  it('removes the folders it created and keeps pre-existing ones', async () => {
    const s = setup();
    const install = await runHostCommand(s.env, ['install', '--browser', 'all']);
    expect(install.code, install.stderr).toBe(0);
    for (const dir of ['google-chrome', 'chromium', 'microsoft-edge', join('BraveSoftware', 'Brave-Browser'), 'vivaldi'])
      expect(readJson(join(s.config, dir, 'NativeMessagingHosts', MANIFEST)).allowed_origins).toEqual([
        `chrome-extension://${EXTENSION_ID}/`,
      ]);
    expect(readJson(join(s.firefoxHosts, MANIFEST)).allowed_extensions).toEqual([GECKO_ID]);

    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    for (const dir of ['google-chrome', 'chromium', 'microsoft-edge', 'BraveSoftware', 'vivaldi'])
      expect(existsSync(join(s.config, dir)), dir).toBe(false);
    expect(existsSync(join(s.home, '.mozilla'))).toBe(false);
    expect(existsSync(s.dataDir)).toBe(false);
    // HOME existed before install and stays; the XDG config root did not, so it went with the rest.
    expect(existsSync(s.config)).toBe(false);
    expect(existsSync(s.home)).toBe(true);
  });

  it('fails without writing anything when no browser is found, and rejects bad options', async () => {
    const s = setup();
    const none = await runHostCommand(s.env, ['install']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No supported browser found/);
    expect(existsSync(s.dataDir)).toBe(false);

    for (const args of [
      ['install', '--browser', 'netscape'],
      ['install', '--extension-id', 'not-an-id'],
      ['install', '--browser', 'firefox', '--user-data-dir', '/tmp/x'],
      ['install', '--frobnicate'],
    ]) {
      const result = await runHostCommand(s.env, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/install: /);
    }
    expect(existsSync(s.dataDir)).toBe(false);
  });
});

describe('updates and half-done states', () => {
  it('a newer install replaces the copy; the one a running helper was started from is kept, older ones and leftovers go', async () => {
    const s = setup();
    expect((await runHostCommand(s.env, ['install', '--browser', 'chromium'])).code).toBe(0);
    // As if 0.0.8 and then 0.0.9 had been installed before, with the browser still running 0.0.9.
    for (const old of ['0.0.8', '0.0.9']) {
      cpSync(s.copy, join(s.hostHome, old), { recursive: true });
      writeFileSync(join(s.hostHome, old, '.antidrift-host.json'), JSON.stringify({ product: 'antidrift-host', version: old }));
    }
    writeFileSync(s.launcher, readFileSync(s.launcher, 'utf8').replace(`/${VERSION}/`, '/0.0.9/'));
    mkdirSync(join(s.hostHome, `${VERSION}.partial-4242`));
    const foreign = join(s.hostHome, 'notes');
    mkdirSync(foreign);

    const install = await runHostCommand(s.env, ['install', '--browser', 'chromium']);
    expect(install.code, install.stderr).toBe(0);
    expect(readdirSync(s.hostHome).sort()).toEqual(['0.0.9', VERSION, 'antidrift-host', 'notes'].sort());
    expect(readFileSync(s.launcher, 'utf8')).toContain(`/${VERSION}/antidrift-host.cjs`);
    expect((await helloThroughLauncher(s.launcher, s.env)).hostVersion).toBe(VERSION);
  });

  it('an install interrupted midway: uninstall undoes what it had begun; install again completes it', async () => {
    const s = setup();
    expect((await runHostCommand(s.env, ['install', '--browser', 'chromium'])).code).toBe(0);
    // The state a crash between the copy and the launcher leaves: the record says `installing`, a partial copy, no launcher.
    const record = readJson(s.record);
    writeFileSync(s.record, JSON.stringify({ ...record, state: 'installing' }));
    rmSync(s.launcher);
    mkdirSync(join(s.hostHome, `${VERSION}.partial-77`));

    const doctor = await runHostCommand(s.env, ['doctor', '--json']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain('the last install did not finish');

    const repaired = await runHostCommand(s.env, ['install', '--browser', 'chromium']);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(readJson(s.record).state).toBe('installed');
    expect(readdirSync(s.hostHome).sort()).toEqual([VERSION, 'antidrift-host'].sort());
    expect((await runHostCommand(s.env, ['doctor'])).code).toBe(0);

    writeFileSync(s.record, JSON.stringify({ ...readJson(s.record), state: 'installing' }));
    mkdirSync(join(s.hostHome, `${VERSION}.partial-78`));
    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(uninstall.stdout).toContain('The last install did not finish');
    expect(existsSync(s.dataDir)).toBe(false);
    expect(existsSync(join(s.chromiumHosts, MANIFEST))).toBe(false);
  });

  it('an unreadable install record is kept aside, never deleted; install starts afresh and uninstall removes what it recognises', async () => {
    const s = setup();
    expect((await runHostCommand(s.env, ['install', '--browser', 'chromium'])).code).toBe(0);
    writeFileSync(s.record, '{ "version": 2, "entries": [ broken');

    const install = await runHostCommand(s.env, ['install', '--browser', 'chromium']);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toMatch(/is not valid JSON.*\nIt is kept as .*install-record\.json\.unreadable-/s);
    const kept = readdirSync(s.dataDir).filter((n) => n.startsWith('install-record.json.unreadable-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(s.dataDir, kept[0]!), 'utf8')).toBe('{ "version": 2, "entries": [ broken');

    writeFileSync(s.record, 'garbage');
    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(uninstall.stderr).toMatch(/removing what can be recognised as antidrift's/);
    expect(existsSync(join(s.chromiumHosts, MANIFEST))).toBe(false);
    expect(existsSync(s.launcher)).toBe(false);
    expect(existsSync(s.copy)).toBe(false);
    expect(readdirSync(s.dataDir).filter((n) => n.startsWith('install-record.json.unreadable-'))).toHaveLength(2);
  });

  it('a launcher deleted by hand: doctor says so and how to repair; install repairs it', async () => {
    const s = setup();
    expect((await runHostCommand(s.env, ['install', '--browser', 'chromium'])).code).toBe(0);
    rmSync(s.launcher);
    const doctor = await runHostCommand(s.env, ['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(
      `the launcher ${s.launcher} is missing (deleted by hand?): run \`npx --yes antidrift-host@${VERSION} install\``,
    );
    expect((await runHostCommand(s.env, ['install', '--browser', 'chromium'])).code).toBe(0);
    const fixed = await runHostCommand(s.env, ['doctor', '--json']);
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(JSON.parse(fixed.stdout).launcher).toMatchObject({
      path: s.launcher,
      problems: [],
      hello: { hostVersion: VERSION, protocol: PROTOCOL_VERSION },
    });
  });

  it('two installs at once: the second is told another is running; a lock left by a dead process is taken over', async () => {
    const s = setup();
    const lock = join(tmpdir(), `antidrift-install-${createHash('sha256').update(s.dataDir).digest('hex').slice(0, 16)}.lock`);
    // Held by a live process (this test): refused, nothing written.
    writeFileSync(lock, String(process.pid));
    const busy = await runHostCommand(s.env, ['install', '--browser', 'chromium']);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`another antidrift-host install or uninstall is running (process ${process.pid})`);
    expect(existsSync(join(s.hostHome, 'antidrift-host'))).toBe(false);
    // Left by a process that died: taken over.
    writeFileSync(lock, '999999999');
    expect((await runHostCommand(s.env, ['install', '--browser', 'chromium'])).code).toBe(0);
    expect(existsSync(lock)).toBe(false);

    const [a, b] = await Promise.all([
      runHostCommand(s.env, ['install', '--browser', 'chromium']),
      runHostCommand(s.env, ['install', '--browser', 'chromium']),
    ]);
    const codes = [a.code, b.code].sort();
    // Either both ran one after the other, or one was told another was running; never a broken install.
    expect(codes[0]).toBe(0);
    if (codes[1] !== 0) expect(a.stderr + b.stderr).toMatch(/another antidrift-host install or uninstall is running \(process \d+\)/);
    expect((await runHostCommand(s.env, ['doctor'])).code).toBe(0);
  });

  it('sudo for a normal user is refused with the reason, before anything is written', async () => {
    expect(sudoRefusal({ SUDO_USER: 'ada' }, 0)).toMatch(/^Run this without sudo \(as ada\)\. .*root's home.*Nothing was written\.$/);
    expect(sudoRefusal({ SUDO_USER: 'ada' }, 1000)).toBeNull();
    expect(sudoRefusal({}, 0)).toBeNull();
    const s = setup();
    if (process.getuid?.() !== 0) return; // the built helper can only be seen refusing when run as root
    mkdirSync(s.chromiumHosts, { recursive: true });
    const refused = await runHostCommand({ ...s.env, SUDO_USER: 'ada' }, ['install']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Run this without sudo/);
    expect(existsSync(s.dataDir)).toBe(false);
  });
});

describe('install into a custom --user-data-dir', () => {
  it('writes <DIR>/NativeMessagingHosts/ with the given extension ID (keeping IDs allowed before), and uninstall removes it', async () => {
    const s = setup();
    const profile = join(s.root, 'profile');
    mkdirSync(join(profile, 'NativeMessagingHosts'), { recursive: true });
    const keep = join(profile, 'NativeMessagingHosts', 'keep.json');
    writeFileSync(keep, '{}');
    const id = 'abcdefghijklmnopabcdefghijklmnop';
    const install = await runHostCommand(s.env, ['install', `--user-data-dir=${profile}`, '--extension-id', id]);
    expect(install.code, install.stderr).toBe(0);
    const manifest = readJson(join(profile, 'NativeMessagingHosts', MANIFEST));
    expect(manifest).toMatchObject({
      path: s.launcher,
      allowed_origins: [`chrome-extension://${id}/`, `chrome-extension://${EXTENSION_ID}/`],
    });
    expect(existsSync(join(s.config, 'chromium'))).toBe(false);

    // A launcher that lost its executable bit makes the host unreachable; install rewrites it. A second ID joins the first.
    chmodSync(s.launcher, 0o644);
    const second = 'ponmlkjihgfedcbaponmlkjihgfedcba';
    const reinstall = await runHostCommand(s.env, ['install', `--user-data-dir=${profile}`, '--extension-id', second]);
    expect(reinstall.code).toBe(0);
    expect(statSync(s.launcher).mode & 0o111).toBe(0o111);
    expect(readJson(join(profile, 'NativeMessagingHosts', MANIFEST)).allowed_origins).toEqual(
      [second, id, EXTENSION_ID].map((x) => `chrome-extension://${x}/`),
    );

    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(existsSync(join(profile, 'NativeMessagingHosts', MANIFEST))).toBe(false);
    expect(existsSync(keep)).toBe(true);
  });
});

describe('the copy a launcher runs', () => {
  it('is found from the entry it names, this release’s CommonJS one and 0.2.0’s ES module alike, so an update keeps it while it runs', () => {
    expect(versionDirOfEntry('/home/a/.local/share/antidrift/host/0.3.0/antidrift-host.cjs')).toBe(
      '/home/a/.local/share/antidrift/host/0.3.0',
    );
    expect(versionDirOfEntry('/home/a/.local/share/antidrift/host/0.2.0/antidrift-host.mjs')).toBe(
      '/home/a/.local/share/antidrift/host/0.2.0',
    );
    expect(versionDirOfEntry('/usr/bin/node')).toBeUndefined();
    expect(versionDirOfEntry(undefined)).toBeUndefined();
  });
});

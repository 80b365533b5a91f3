// `antidrift-host install / uninstall` run as the built host in a temp HOME and a temp --user-data-dir.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_ID, GECKO_ID, NATIVE_HOST_NAME } from '../../shared/protocol/extension-id.js';
import { HelloReply } from '../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from './helpers/host-env.js';
import { frame, HOST_DIST, runHostCommand } from './helpers/spawn-host.js';

const execFileAsync = promisify(execFile);
const MANIFEST = `${NATIVE_HOST_NAME}.json`;

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

let hostEnv: HostTestEnv | undefined;
afterEach(() => {
  hostEnv?.cleanup();
  hostEnv = undefined;
});

function setup() {
  hostEnv = makeHostEnv();
  const home = hostEnv.env.HOME!;
  const config = hostEnv.env.XDG_CONFIG_HOME!;
  const chromiumHosts = join(config, 'chromium', 'NativeMessagingHosts');
  const firefoxHosts = join(home, '.mozilla', 'native-messaging-hosts');
  const wrapper = join(hostEnv.dataDir, 'antidrift-host');
  return { env: hostEnv.env, home, config, chromiumHosts, firefoxHosts, wrapper, dataDir: hostEnv.dataDir };
}

/** Speaks one hello through the installed wrapper, as a browser launching the manifest path would. */
async function helloThroughWrapper(wrapper: string, env: NodeJS.ProcessEnv): Promise<unknown> {
  const child = spawn(wrapper, [`chrome-extension://${EXTENSION_ID}/`], { env: { ...env, DISPLAY: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffered = Buffer.alloc(0);
  const reply = new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no hello reply through the wrapper')), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // The host may push `watcher` frames first; wait for the reply to our hello.
      while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32LE(0)) {
        const length = buffered.readUInt32LE(0);
        const message = JSON.parse(buffered.subarray(4, 4 + length).toString('utf8')) as { type?: string };
        buffered = buffered.subarray(4 + length);
        if (message.type === 'hello') {
          clearTimeout(timer);
          resolve(message);
        }
      }
    });
  });
  child.stdin.write(frame({ id: 1, type: 'hello' }));
  try {
    return await reply;
  } finally {
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

describe('install / uninstall in a temp HOME', () => {
  it('installs for detected browsers, writes a working wrapper, and uninstalls only its own files', async () => {
    const s = setup();
    mkdirSync(s.chromiumHosts, { recursive: true });
    mkdirSync(join(s.home, '.mozilla'), { recursive: true });
    const unrelated = join(s.chromiumHosts, 'com.example.other.json');
    writeFileSync(unrelated, '{"name":"com.example.other"}');

    const install = await runHostCommand(s.env, ['install']);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/Skipped \(not installed here\): chrome, edge, brave, vivaldi/);

    const chromium = readJson(join(s.chromiumHosts, MANIFEST));
    expect(chromium).toEqual({
      name: NATIVE_HOST_NAME,
      description: expect.any(String),
      path: s.wrapper,
      type: 'stdio',
      allowed_origins: [`chrome-extension://${EXTENSION_ID}/`],
    });
    const firefox = readJson(join(s.firefoxHosts, MANIFEST));
    expect(firefox).toMatchObject({ name: NATIVE_HOST_NAME, path: s.wrapper, type: 'stdio', allowed_extensions: [GECKO_ID] });
    expect(firefox.allowed_origins).toBeUndefined();
    expect(existsSync(join(s.config, 'google-chrome'))).toBe(false);

    expect(statSync(s.wrapper).mode & 0o111).toBe(0o111);
    const wrapperText = readFileSync(s.wrapper, 'utf8');
    expect(wrapperText.startsWith('#!/bin/sh\n')).toBe(true);
    expect(wrapperText).toContain(`exec '${process.execPath}' '${HOST_DIST}' "$@"`);
    const version = await execFileAsync(s.wrapper, ['--version'], { env: s.env, encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(readJson('package.json').version);
    const hello = HelloReply.parse(await helloThroughWrapper(s.wrapper, s.env));
    expect(hello.id).toBe(1);

    // Someone replaced the Firefox manifest with their own file: uninstall must leave it.
    const foreign = '{"name":"somebody.else","path":"/bin/true","type":"stdio"}';
    writeFileSync(join(s.firefoxHosts, MANIFEST), foreign);

    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(existsSync(join(s.chromiumHosts, MANIFEST))).toBe(false);
    expect(existsSync(s.wrapper)).toBe(false);
    expect(readFileSync(unrelated, 'utf8')).toBe('{"name":"com.example.other"}');
    expect(existsSync(s.chromiumHosts)).toBe(true);
    expect(readFileSync(join(s.firefoxHosts, MANIFEST), 'utf8')).toBe(foreign);
    expect(uninstall.stdout).toContain('left alone');
    expect(existsSync(join(s.dataDir, 'install-record.json'))).toBe(false);
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

describe('install into a custom --user-data-dir', () => {
  it('writes <DIR>/NativeMessagingHosts/ with the given extension ID, and uninstall removes it', async () => {
    const s = setup();
    const profile = join(hostEnv!.root, 'profile');
    mkdirSync(join(profile, 'NativeMessagingHosts'), { recursive: true });
    const keep = join(profile, 'NativeMessagingHosts', 'keep.json');
    writeFileSync(keep, '{}');
    const id = 'abcdefghijklmnopabcdefghijklmnop';
    const install = await runHostCommand(s.env, ['install', `--user-data-dir=${profile}`, '--extension-id', id]);
    expect(install.code, install.stderr).toBe(0);
    const manifest = readJson(join(profile, 'NativeMessagingHosts', MANIFEST));
    expect(manifest).toMatchObject({ path: s.wrapper, allowed_origins: [`chrome-extension://${id}/`] });
    expect(existsSync(join(s.config, 'chromium'))).toBe(false);

    // A wrapper that lost its executable bit makes the host unreachable; install rewrites it.
    chmodSync(s.wrapper, 0o644);
    const reinstall = await runHostCommand(s.env, ['install', `--user-data-dir=${profile}`, '--extension-id', id]);
    expect(reinstall.code).toBe(0);
    expect(statSync(s.wrapper).mode & 0o111).toBe(0o111);

    const uninstall = await runHostCommand(s.env, ['uninstall']);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(existsSync(join(profile, 'NativeMessagingHosts', MANIFEST))).toBe(false);
    expect(existsSync(keep)).toBe(true);
  });
});

// The launcher and registrations for each platform: the Windows .cmd a browser can start (it will not start a .js), macOS paths, and shell quoting that survives odd paths.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { browserTarget } from '../../native-host/src/install/browsers.js';
import { launcherPath, launcherTarget, wrapperContent, writeWrapper } from '../../native-host/src/install/wrapper.js';
import { HOST_DIST } from '../../harness/spawn-host.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('launchers', () => {
  it('Windows: a .cmd that runs Node by its full path with the browser’s arguments, read back by doctor; paths a .cmd cannot hold are refused', () => {
    dir = mkdtempSync(join(tmpdir(), 'antidrift-launcher-'));
    const node = 'C:\\Program Files\\nodejs\\node.exe';
    const script = 'C:\\Users\\Ana María\\AppData\\Local\\antidrift\\host\\0.2.0\\antidrift-host.cjs';
    const content = wrapperContent(node, script, 'win32');
    expect(content).toBe(`@echo off\r\nrem antidrift native host wrapper\r\n"${node}" "${script}" %*\r\n`);
    expect(launcherPath('C:\\Users\\a\\AppData\\Local\\antidrift\\host', 'win32')).toMatch(/antidrift-host\.cmd$/);
    const file = join(dir, 'antidrift-host.cmd');
    writeFileSync(file, content);
    expect(launcherTarget(file)).toEqual({ node, script });
    expect(() => wrapperContent(node, 'C:\\100%\\antidrift-host.cjs', 'win32')).toThrow(/cannot go into a \.cmd wrapper/);
  });

  it('Unix: Node and the helper by absolute path, quoted so spaces and quotes in them survive; it runs with no PATH at all', () => {
    dir = mkdtempSync(join(tmpdir(), 'antidrift-launcher-'));
    const odd = join(dir, "Node's home", 'bin dir');
    mkdirSync(odd, { recursive: true });
    const node = join(odd, 'node');
    symlinkSync(process.execPath, node);
    const launcher = join(dir, 'antidrift-host');
    writeWrapper(launcher, wrapperContent(node, HOST_DIST, 'linux'));
    expect(launcherTarget(launcher)).toEqual({ node, script: HOST_DIST });
    expect(execFileSync(launcher, ['--version'], { env: {}, encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('registrations per platform', () => {
  it('Windows: one manifest per family in the app data, found through a per-user registry key per browser', () => {
    const appData = 'C:\\Users\\a\\AppData\\Local\\antidrift';
    expect(browserTarget('edge', appData, 'win32')).toMatchObject({
      family: 'chromium',
      manifestPath: join(appData, 'dev.antidrift.host.chromium.json'),
      registryKey: 'HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\dev.antidrift.host',
    });
    expect(browserTarget('firefox', appData, 'win32')).toMatchObject({
      family: 'firefox',
      manifestPath: join(appData, 'dev.antidrift.host.firefox.json'),
      registryKey: 'HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.antidrift.host',
    });
  });

  it('macOS: each browser’s folder under Application Support', () => {
    const support = join(process.env.HOME ?? '', 'Library', 'Application Support');
    expect(browserTarget('brave', '', 'darwin').manifestPath).toBe(
      join(support, 'BraveSoftware', 'Brave-Browser', 'NativeMessagingHosts', 'dev.antidrift.host.json'),
    );
    expect(browserTarget('firefox', '', 'darwin').manifestPath).toBe(
      join(support, 'Mozilla', 'NativeMessagingHosts', 'dev.antidrift.host.json'),
    );
  });
});

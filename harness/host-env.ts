// Test helper: a hermetic environment for the spawned host (temp HOME/XDG dirs, fake CLIs first on PATH).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The fake CLIs are data, kept beside the host tests that check their argv; the harness only puts them on PATH.
export const FIXTURES_DIR = fileURLToPath(new URL('../tests/host/fixtures', import.meta.url));
export const FAKE_BIN_DIR = join(FIXTURES_DIR, 'bin');

export interface HostTestEnv {
  env: NodeJS.ProcessEnv;
  root: string;
  configPath: string;
  /** The host's private app-data dir under this env (XDG_DATA_HOME/antidrift). */
  dataDir: string;
  writeConfig(config: unknown): void;
  cleanup(): void;
}

export function makeHostEnv(extraEnv: NodeJS.ProcessEnv = {}): HostTestEnv {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-host-test-'));
  const home = join(root, 'home');
  mkdirSync(home);
  const configPath = join(root, 'host.json');
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    ANTIDRIFT_HOST_CONFIG: configPath,
    PATH: [FAKE_BIN_DIR, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter),
    SHELL: '/bin/sh',
    LANG: 'C.UTF-8',
    // Must never reach a backend: the fakes fail if they see it.
    ANTIDRIFT_TEST_SECRET: 'leak-canary',
    ...extraEnv,
  };
  return {
    env,
    root,
    configPath,
    dataDir: join(root, 'data', 'antidrift'),
    writeConfig: (config) => writeFileSync(configPath, typeof config === 'string' ? config : JSON.stringify(config)),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

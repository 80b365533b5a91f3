// `antidrift-host doctor` (human and --json) before and after install, with broken pieces, and under X.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DoctorReport } from '../../native-host/src/install/doctor-report.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { runHostCommand } from '../../harness/spawn-host.js';
import { startXServer, type XServer } from '../../harness/xvfb.js';

async function doctorJson(env: NodeJS.ProcessEnv, extra: string[] = []) {
  const result = await runHostCommand(env, ['doctor', '--json', ...extra]);
  return { code: result.code, report: DoctorReport.parse(JSON.parse(result.stdout)) };
}

let hostEnv: HostTestEnv | undefined;
let xs: XServer | undefined;
afterEach(async () => {
  hostEnv?.cleanup();
  hostEnv = undefined;
  await xs?.stop();
  xs = undefined;
});

describe('doctor', () => {
  it('reports not usable before install and usable after, in JSON and in aligned text', async () => {
    hostEnv = makeHostEnv();
    const env = hostEnv.env;
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'chromium'), { recursive: true });

    const before = await doctorJson(env);
    expect(before.code).toBe(1);
    expect(before.report.usable).toBe(false);
    expect(before.report.browsers.map((b) => b.status)).toEqual(Array(6).fill('missing'));
    expect(before.report.browsers.find((b) => b.browser === 'chromium')?.present).toBe(true);
    expect(before.report.reasons.join()).toMatch(/install/);
    expect(before.report.watcher).toMatchObject({ state: 'unavailable', message: expect.stringContaining('no DISPLAY') });
    expect(before.report.backends.map((b) => b.name)).toEqual(
      expect.arrayContaining(['claude', 'codex', 'gemini', 'qwen', 'ollama', 'llm']),
    );
    expect(before.report.config).toMatchObject({ path: hostEnv.configPath, exists: false, ok: true });

    expect((await runHostCommand(env, ['install'])).code).toBe(0);
    const after = await doctorJson(env);
    expect(after.code).toBe(0);
    expect(after.report.usable).toBe(true);
    const chromium = after.report.browsers.find((b) => b.browser === 'chromium');
    expect(chromium).toMatchObject({ status: 'ok', problems: [] });
    // A real framed hello through the registered launcher.
    expect(after.report.launcher).toMatchObject({ path: join(hostEnv.dataDir, 'host', 'antidrift-host'), problems: [] });
    expect(after.report.launcher.hello?.hostVersion).toBe(after.report.install.hostVersion);
    expect(after.report.install.state).toBe('installed');

    const text = await runHostCommand(env, ['doctor']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Result: the host is usable.');
    // Rows are aligned: every browser's status starts in the same column.
    const rows = text.stdout.split('\n').filter((l) => /^ {2}(chrome|chromium|edge|brave|vivaldi|firefox) /.test(l));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.search(/(ok|missing|invalid) /))).size).toBe(1);
  });

  it('flags a non-executable launcher, a manifest for another extension ID, and a broken config', async () => {
    hostEnv = makeHostEnv();
    const env = hostEnv.env;
    expect((await runHostCommand(env, ['install', '--browser', 'chromium'])).code).toBe(0);
    hostEnv.writeConfig('{ not json');
    chmodSync(join(hostEnv.dataDir, 'host', 'antidrift-host'), 0o644);

    const broken = await doctorJson(env);
    expect(broken.code).toBe(1);
    const chromium = broken.report.browsers.find((b) => b.browser === 'chromium');
    expect(chromium?.status).toBe('invalid');
    expect(chromium?.problems.join()).toMatch(/not executable/);
    expect(broken.report.config).toMatchObject({ exists: true, ok: false, problem: expect.stringContaining('not valid JSON') });

    chmodSync(join(hostEnv.dataDir, 'host', 'antidrift-host'), 0o755);
    const otherId = await doctorJson(env, ['--extension-id', 'abcdefghijklmnopabcdefghijklmnop']);
    expect(otherId.code).toBe(1);
    expect(otherId.report.browsers.find((b) => b.browser === 'chromium')?.problems.join()).toMatch(
      /allowed_origins does not contain chrome-extension:\/\/abcdefghijklmnopabcdefghijklmnop\//,
    );
  });

  it('reports a running X11 watcher and the active window when a display is there', async () => {
    xs = await startXServer();
    const xterm = xs.spawnClient('xterm', ['-class', 'DoctorTerm', '-T', 'doctor sees me']);
    const id = (await xs.run('xdotool', ['search', '--sync', '--class', '^DoctorTerm$'])).trim().split('\n')[0]!;
    await xs.run('xdotool', ['windowactivate', '--sync', id]);
    hostEnv = makeHostEnv({ DISPLAY: xs.display });
    const { report } = await doctorJson(hostEnv.env);
    expect(report.watcher).toMatchObject({ kind: 'x11', state: 'running', activeWindow: { title: 'doctor sees me', app: 'DoctorTerm' } });
    expect(xterm.pid).toBeGreaterThan(0);
  });
});

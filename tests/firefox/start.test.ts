// `npm start -- --browser firefox`: a real Firefox opened by web-ext with antidrift loaded, whose background connects the host it registered.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exited, stopProc, waitFor } from '../../harness/processes';
import { REPO_ROOT } from '../../harness/chromium';

const home = mkdtempSync(join(tmpdir(), 'antidrift-start-ff-'));
let start: ChildProcess | undefined;
let output = '';

/** PIDs of processes whose environment has HOME=<home> and whose command line contains `needle`. */
function processesOf(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes(needle)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`HOME=${home}`)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

afterAll(async () => {
  await stopProc(start);
  // Firefox's children may still be writing its profile for a moment after web-ext is gone.
  rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

it('opens Firefox with the extension loaded and the host registered and connected, and Ctrl+C closes it all', async () => {
  start = spawn(process.execPath, ['scripts/start.mjs', '--browser', 'firefox', '--no-build'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOME: home, MOZ_HEADLESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await waitFor(() => output.includes('as a temporary add-on'), `web-ext to install the add-on; output so far:\n${output}`, 45_000, 100);
  expect(existsSync(join(home, '.mozilla', 'native-messaging-hosts', 'dev.antidrift.host.json'))).toBe(true);
  // Only the loaded extension's background can have Firefox spawn the host: it proves both at once.
  const hosts = await waitFor(
    () => processesOf('antidrift-host.cjs').length > 0 && processesOf('antidrift-host.cjs'),
    'the host',
    // Firefox starts the background, then the host: seconds alone, longer while the desktops' roots are being built beside it.
    60_000,
    100,
  );
  expect(readFileSync(`/proc/${hosts[0]}/cmdline`, 'utf8')).toContain('antidrift@antidrift.dev');
  expect(processesOf('firefox').length).toBeGreaterThan(0);

  start.kill('SIGINT');
  await exited(start);
  await waitFor(
    () => processesOf('antidrift-host.cjs').length === 0 && processesOf('firefox').length === 0,
    'Firefox and the host to exit',
    15_000,
    100,
  );
});

// `npm start -- --browser firefox`: a real Firefox opened by web-ext with antidrift loaded; once Allow is pressed on its welcome page, its background connects the host it registered.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
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

/** A TCP port free now, for Firefox's WebDriver BiDi server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('opens Firefox with the extension loaded and the host registered, connected once Allow is pressed, and Ctrl+C closes it all', async () => {
  const port = await freePort();
  // Firefox's own question after Allow (a doorhanger) has no one to answer it in a headless Firefox: the pref skips it, as the tier's harness does.
  const args = ['scripts/start.mjs', '--browser', 'firefox', '--no-build', '--browser-arg', `--remote-debugging-port=${port}`];
  args.push('--firefox-pref', 'extensions.webextOptionalPermissionPrompts=false');
  start = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, HOME: home, MOZ_HEADLESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await waitFor(() => output.includes('as a temporary add-on'), `web-ext to install the add-on; output so far:\n${output}`, 45_000, 100);
  expect(existsSync(join(home, '.mozilla', 'native-messaging-hosts', 'dev.antidrift.host.json'))).toBe(true);
  // Firefox asks before antidrift may talk to its helper (nativeMessaging is optional there): the welcome page opens by
  // itself and its Allow is pressed, as a person would (WebDriver BiDi's click is a real user gesture to Firefox).
  const browser = await waitFor(
    () => puppeteer.connect({ browserWSEndpoint: `ws://127.0.0.1:${port}/session`, protocol: 'webDriverBiDi' }).catch(() => false as const),
    'Firefox to take a WebDriver BiDi session',
    30_000,
    200,
  );
  const welcome = await waitFor(
    async () => {
      for (const page of await browser.pages()) {
        // A moz-extension page's url() may still say about:blank: its own location is the truth (as harness/firefox.ts reads it).
        const href = await page.evaluate(() => location.href).catch(() => '');
        if (href.startsWith('moz-extension://') && href.includes('/welcome.html')) return page;
      }
      return false;
    },
    'the welcome page to open',
    30_000,
    200,
  );
  await waitFor(async () => (await welcome.$('[data-testid="allow-helper"]')) !== null, 'the welcome page to offer Allow', 15_000, 100);
  await welcome.click('[data-testid="allow-helper"]');
  await browser.disconnect();
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

// E2E: OS windows (xterm on Xvfb) judged through the host, and a host that dies mid-session.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, startSession, type E2E } from './harness';
import { desktop, hostPids, type Desktop } from './desktop';

describe('desktop windows and the native host', () => {
  let e2e: E2E;
  let x: Desktop;
  beforeAll(async () => {
    e2e = await startE2E();
    x = desktop(e2e.display);
  });
  afterAll(async () => {
    x?.stop();
    await e2e?.close();
  });

  it('an unmatched xterm is judged through the host: system notification and badge !; an allowed one is on task', async () => {
    const docs = await e2e.openSite('docs.test', 'Parser design notes');
    const popup = await startSession(e2e, docs, {
      allowed: ['docs.test', 'code'],
      blocked: ['videos.test'],
    });
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('helper connected');
    await e2e.expectBadge('ON');

    await x.xterm('Distraction', 'IRC — #random');
    await x.activate('Distraction');
    await e2e.expectBadge('!', 20_000);
    const judged = e2e.calls().filter((c) => c.role === 'judge' && c.app?.toLowerCase() === 'distraction');
    expect(judged.map((c) => c.titles)).toEqual([['IRC — #random']]);
    const sw = await e2e.sw();
    await expect
      .poll(() => sw.evaluate(async () => Object.keys(await chrome.notifications.getAll())))
      .toEqual([expect.stringMatching(/^antidrift-drift-\d+$/)]);
    const options = await e2e.options();
    await expect.poll(() => options.byId('host-diagnostics').textContent()).toContain('drift in Distraction');
    await options.page.close();

    await x.xterm('Code', 'parser.test.ts — Code');
    await x.activate('Code');
    await e2e.expectBadge('ON', 10_000);
  });

  it('a host killed mid-session: disconnected, local rules still work, reconnects when it is back', async () => {
    const manifest = JSON.parse(readFileSync(join(e2e.userDataDir, 'NativeMessagingHosts', 'dev.antidrift.host.json'), 'utf8')) as {
      path: string;
    };
    const before = hostPids(e2e.home);
    expect(before.length).toBeGreaterThan(0);

    chmodSync(manifest.path, 0o644); // the browser can no longer start it
    try {
      for (const pid of before) process.kill(pid, 'SIGKILL');
      const popup = await e2e.popup();
      await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).not.toContain('helper connected');
      const shown = await popup.hostStatus();
      expect(shown).toMatch(/The helper stopped|No helper yet/);

      const videos = await e2e.openSite('videos.test', 'Cat videos');
      await videos.bringToFront();
      await e2e.expectBadge('!', 2_000);
      await popup.page.close();
    } finally {
      chmodSync(manifest.path, 0o755);
    }

    const options = await e2e.options();
    await options.byId('host-reconnect').click();
    await expect.poll(() => options.byId('host-status').first().textContent(), { timeout: 20_000 }).toContain('helper connected');
    expect(hostPids(e2e.home).length).toBeGreaterThan(0);
  });
});

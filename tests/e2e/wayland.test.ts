// E2E on Wayland: Chromium as a native client of a real headless sway, the host's sway IPC watcher, a blocked foot window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSway, type Sway } from '../../harness/sway';
import { startE2E, startSession, type E2E } from './harness';

describe('a Wayland desktop (headless sway)', () => {
  let sway: Sway;
  let e2e: E2E;
  beforeAll(async () => {
    sway = await startSway();
    e2e = await startE2E({ wayland: sway.env });
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
    await sway?.stop();
  });

  it('drifting into a blocked foot window raises the drift state; back in Chromium it is on task again', async () => {
    const docs = await e2e.openSite('docs.test', 'Parser design notes');
    const popup = await startSession(e2e, docs, { allowed: ['docs.test'], blocked: ['videos.test', 'irc-client'] });
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('helper connected');
    await e2e.expectBadge('ON');
    const options = await e2e.options();
    await expect.poll(() => options.byId('host-diagnostics').textContent()).toContain('running (sway-ipc)');
    await expect.poll(() => options.byId('watcher-why').textContent()).toContain('sway IPC');
    await options.page.close();

    const irc = await sway.openFoot('irc-client', 'IRC — #random');
    await irc.focus();
    await e2e.expectBadge('!', 15_000);
    const sw = await e2e.sw();
    await expect
      .poll(() => sw.evaluate(async () => Object.keys(await chrome.notifications.getAll())))
      .toEqual([expect.stringMatching(/^antidrift-drift-\d+$/)]);
    // A blocked app is drift by the local rule: the judge was never asked.
    expect(e2e.calls().filter((c) => c.role === 'judge')).toEqual([]);

    await sway.msg('[app_id="chromium"] focus');
    await docs.bringToFront();
    await e2e.expectBadge('ON', 15_000);
  });
});

// E2E on Plasma 6's compositor: Chromium as a native Wayland client of KWin 6.3 (Debian trixie root), the KWin watcher, a blocked terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopRoots } from '../../harness/desktop-roots';
import { startKwin, type Kwin } from '../../harness/kwin';
import { inRoot } from '../../harness/runner';
import { startE2E, startSession, type E2E } from './harness';

describe('Plasma 6 (headless KWin 6.3)', () => {
  let kwin: Kwin;
  let e2e: E2E;
  beforeAll(async () => {
    // On a first run `npm test` may still be building the root beside this tier: that is waited for.
    const roots = await desktopRoots(['trixie']);
    kwin = await startKwin(inRoot('trixie', roots.trixie!));
    // The browser and the helper it starts run on this machine as a client of that desktop: its Wayland socket and session bus.
    e2e = await startE2E({ wayland: kwin.env });
  }, 30 * 60_000);
  afterAll(async () => {
    await e2e?.close();
    await kwin?.stop();
  });

  it('drifting into a blocked terminal raises the drift state; back in Chromium it is on task again', async () => {
    const docs = await e2e.openSite('docs.test', 'Parser design notes');
    const popup = await startSession(e2e, docs, { allowed: ['docs.test'], blocked: ['videos.test', 'irc-client'] });
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('helper connected');
    await e2e.expectBadge('ON');
    const options = await e2e.options();
    await expect.poll(() => options.byId('host-diagnostics').textContent()).toContain('running (kwin)');
    await expect.poll(() => options.byId('watcher-why').textContent()).toContain('KDE Plasma 6');
    await options.page.close();

    const irc = await kwin.openTerminal('IRC — #random', { appId: 'irc-client' });
    await irc.activate();
    await e2e.expectBadge('!', 15_000);
    expect(e2e.calls().filter((c) => c.role === 'judge')).toEqual([]);

    await kwin.activateApp('chromium-browser'); // Debian's Chromium as a Wayland client: its app id
    await docs.bringToFront();
    await e2e.expectBadge('ON', 15_000);
  });
});

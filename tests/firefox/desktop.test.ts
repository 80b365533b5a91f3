// Firefox ESR on an X display: an xterm outside the browser judged through the host, and a host killed mid-session.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXServer, type XServer } from '../../harness/xvfb';
import { waitFor } from '../../harness/processes';
import { desktop, hostPids, type Desktop } from '../e2e/desktop';
import { startNotificationServer, type NotificationServer } from '../support/notification-server';
import { firefoxForSuite, hostStatus, startSessionIn } from './harness';

const activeTabTitles = (page: Page) =>
  page.evaluate(async () =>
    (
      await (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ title?: string }>> } } }).browser.tabs.query({
        active: true,
      })
    ).map((t) => t.title ?? ''),
  );
const notificationIds = (page: Page) =>
  page.evaluate(async () =>
    Object.keys(
      await (globalThis as unknown as { browser: { notifications: { getAll(): Promise<object> } } }).browser.notifications.getAll(),
    ),
  );

describe('Firefox ESR with desktop windows and the native host', () => {
  let server: XServer;
  let x: Desktop;
  let notifications: NotificationServer;
  beforeAll(async () => {
    server = await startXServer({ firstDisplay: 160, screen: '1280x800x24' });
    x = desktop(server.display);
    notifications = await startNotificationServer(server.display);
  });
  // Headed on that display: the host's X11 watcher sees Firefox's windows and the xterms side by side.
  const firefox = firefoxForSuite(() => ({ display: server.display, env: notifications.env }));
  afterAll(async () => {
    x?.stop();
    await notifications?.stop();
    await server?.stop();
  });

  it('an unmatched xterm is judged through the host: badge !, a notification whose click is Back to task; an allowed app is on task', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser design notes');
    const popup = await ff.extensionPage('popup.html');
    await waitFor(async () => (await hostStatus(popup)).includes('helper connected'), 'helper connected');
    await startSessionIn(popup, { allowed: ['docs.test', 'code'], blocked: ['videos.test'] });
    await docs.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');

    // Another tab in front in the docs window, so Back to task has a tab to bring back.
    await popup.evaluate(async () => {
      const tabs = (
        globalThis as unknown as {
          browser: { tabs: { query(q: object): Promise<Array<{ windowId?: number }>>; create(c: object): Promise<unknown> } };
        }
      ).browser.tabs;
      const [docsTab] = await tabs.query({ title: 'Parser design notes' });
      await tabs.create({ windowId: docsTab!.windowId, url: 'about:blank', active: true });
    });
    expect(await activeTabTitles(popup)).not.toContain('Parser design notes');
    await x.xterm('Distraction', 'IRC — #random');
    await x.activate('Distraction');
    await waitFor(async () => (await ff.badge()) === '!', 'badge ! for the xterm', 20_000);
    const judged = ff.calls().filter((c) => c.role === 'judge' && c.app?.toLowerCase() === 'distraction');
    expect(judged.map((c) => c.titles)).toEqual([['IRC — #random']]);
    // Outside the browser the toast cannot be seen: the system notification carries the drift.
    await waitFor(async () => (await notificationIds(popup)).some((id) => /^antidrift-drift-\d+$/.test(id)), 'a drift notification');
    expect(await notifications.shown()).toBe(1);
    // Firefox notifications have no buttons: a click on it is Back to task, which brings the on-task tab forward.
    await notifications.clickNewest();
    await waitFor(async () => (await notifications.shown()) === 0, 'the notification to close');
    expect(await notifications.history()).toEqual([
      { summary: 'Drifting? Distraction', body: 'distraction is not part of the commitment.\nClick to go back to your task.' },
    ]);
    await waitFor(async () => (await activeTabTitles(popup)).includes('Parser design notes'), 'the docs tab selected');
    // Firefox asks for the focus, but the window manager keeps it where the person put it (focus-stealing
    // prevention): the window comes to the front when they switch to it.
    await x.activateByName('Parser design notes');
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON back in the docs tab');

    await x.xterm('Code', 'parser.test.ts — Code');
    await x.activate('Code');
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON for the allowed app', 10_000);
  });

  it('a host killed mid-session: disconnected, local rules still work, reconnects when it is back', async () => {
    const ff = firefox();
    const manifest = JSON.parse(readFileSync(join(ff.home, '.mozilla', 'native-messaging-hosts', 'dev.antidrift.host.json'), 'utf8')) as {
      path: string;
    };
    const before = hostPids(ff.home);
    expect(before.length).toBeGreaterThan(0);
    chmodSync(manifest.path, 0o644); // Firefox can no longer start it
    try {
      for (const pid of before) process.kill(pid, 'SIGKILL');
      const popup = await ff.extensionPage('popup.html');
      // "Connecting to the helper…" shows until the first attempt fails; retries keep the failure on screen.
      await waitFor(
        async () => /The helper stopped|No helper yet/.test(await hostStatus(popup)),
        'the popup to show the host gone',
        15_000,
      );
      expect(await hostStatus(popup)).toMatch(/The helper stopped|No helper yet/);

      const videos = await ff.openSite('videos.test', 'Cat videos');
      await videos.bringToFront();
      await waitFor(async () => (await ff.badge()) === '!', 'badge ! by the local rule', 5_000);
    } finally {
      chmodSync(manifest.path, 0o755);
    }

    const options = await ff.extensionPage('options.html');
    await options.click('[data-testid="host-reconnect"]');
    await waitFor(async () => (await hostStatus(options)).includes('helper connected'), 'helper connected again', 20_000);
    expect(hostPids(ff.home).length).toBeGreaterThan(0);
  });
});

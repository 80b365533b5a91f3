// Firefox ESR on an X display: closed tabs reopened with Ctrl+Shift+T end on the block page during a strict session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { startXServer, type XServer } from '../../harness/xvfb';
import { desktop } from '../e2e/desktop';
import { firefoxForSuite } from './harness';
import { blockPagesShown, startStrict, SW_PAGE, visitedBefore } from './strict-steps';

describe('a strict session in Firefox holds on closed tabs reopened', () => {
  let server: XServer;
  beforeAll(async () => {
    server = await startXServer({ firstDisplay: 170, screen: '1280x800x24' });
  });
  // Headed: Ctrl+Shift+T is Firefox's own shortcut, and only keys from the X server reach it. (Windows a restart
  // restores are not tested here: a Firefox started for automation came back with none, whatever its session prefs.)
  const firefox = firefoxForSuite(() => ({ display: server.display }));
  afterAll(async () => {
    await server?.stop();
  });

  it('closed tabs reopened with Ctrl+Shift+T end on the block page; the site is never asked', async () => {
    const ff = firefox();
    await visitedBefore(ff);
    const plain = await ff.browser.newPage();
    await plain.goto('http://www.videos.test/?title=Plain%20cats&closed=1');
    await plain.close();
    const served = await ff.browser.newPage();
    await served.goto(`${SW_PAGE}&closed=1`);
    await served.close();

    await startStrict(ff, 5);
    const asked = () => ff.pages.requests.filter((r) => /^(www\.)?videos\.test\/\?/.test(r)).length;
    const before = asked();
    const shown = () => blockPagesShown(ff);
    const x = desktop(server.display);
    await x.activateByName('Parser design notes');
    await x.keys('ctrl+shift+t');
    await waitFor(async () => (await shown()) === 1, 'the block page in the reopened tab (its service worker’s page)');
    await x.keys('ctrl+shift+t');
    await waitFor(async () => (await shown()) === 2, 'the block page in the second reopened tab');
    expect(asked()).toBe(before);
  }, 150_000);
});

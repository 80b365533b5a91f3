// Firefox ESR: during a strict session a page the blocked site's own service worker serves, and Back into a page of it from before the session, end on the block page.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { firefoxForSuite } from './harness';
import { addressOf, BLOCK_PAGE, startStrict } from './strict-steps';

const SW_PAGE = 'http://videos.test/?sw=1&title=Cats%20app';

describe('a strict session in Firefox holds on pages the network rules may not see', () => {
  const firefox = firefoxForSuite();

  it('a page its service worker serves and Back into a page from before the session end on the block page, the site not asked', async () => {
    const ff = firefox();
    // A returning visitor: the site's service worker installed, and answering its navigations.
    const first = await ff.browser.newPage();
    await first.goto(SW_PAGE);
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.reload();
    await waitFor(async () => (await first.$('[data-served-by="service-worker"]')) !== null, 'the page from its service worker');
    await first.close();
    // A tab that was on the site before the session, then moved on: Back is the back/forward cache's.
    const travelled = await ff.browser.newPage();
    await travelled.goto('http://docs.test/?title=Notes&cache=1');
    await travelled.goto('http://www.videos.test/?title=Old%20cats&cache=1');
    await travelled.goto('http://docs.test/?title=More%20notes&cache=1');

    await startStrict(ff, 5);
    const asked = () => ff.pages.requests.filter((r) => /^(www\.)?videos\.test\/\?/.test(r)).length;
    const before = asked();

    const tab = await ff.browser.newPage();
    void tab.goto(`${SW_PAGE}&during=1`).catch(() => {});
    await waitFor(async () => (await addressOf(tab)) === BLOCK_PAGE, 'the block page for the service worker’s page');
    await tab.waitForSelector('[data-testid="block-page"]');
    expect(await tab.$eval('[data-testid="block-next-action"]', (e) => e.textContent)).toContain('Write the parser tests');

    await travelled.bringToFront();
    await travelled.evaluate(() => history.back()).catch(() => {});
    await waitFor(async () => (await addressOf(travelled)) === BLOCK_PAGE, 'the block page after Back');
    await travelled.waitForSelector('[data-testid="block-page"]');
    expect(asked()).toBe(before);
  }, 120_000);
});

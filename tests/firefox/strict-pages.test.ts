// Firefox ESR: during a strict session a page the blocked site's own service worker serves, Back into a page of it from before the session, links, a script's window, a redirect, a subdomain and www. end on the block page.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { firefoxForSuite } from './harness';
import { addressOf, BLOCK_PAGE, blockPagesShown, pageOf, startStrict, SW_PAGE, visitedBefore } from './strict-steps';

describe('a strict session in Firefox holds on pages the network rules may not see', () => {
  const firefox = firefoxForSuite();

  it('a page its service worker serves, Back into a page from before the session, links, a script window, a redirect, m. and www. end on the block page, the site not asked', async () => {
    const ff = firefox();
    await visitedBefore(ff);
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
    await waitFor(async () => pageOf(await addressOf(tab)) === BLOCK_PAGE, 'the block page for the service worker’s page');
    await tab.waitForSelector('[data-testid="block-page"]');
    expect(await tab.$eval('[data-testid="block-next-action"]', (e) => e.textContent)).toContain('Write the parser tests');

    await travelled.bringToFront();
    await travelled.evaluate(() => history.back()).catch(() => {});
    await waitFor(async () => pageOf(await addressOf(travelled)) === BLOCK_PAGE, 'the block page after Back');
    await travelled.waitForSelector('[data-testid="block-page"]');
    expect(asked()).toBe(before);

    // The ways the network rules stop, one by one: a link in the same tab, one to a new tab, a window a script opens
    // (each clicked as a person would: Firefox lets only a real click open a tab), a redirect, a subdomain and www.
    const links = await ff.openSite('docs.test', 'Links');
    await links.evaluate(() => {
      const link = (id: string, href: string, target = '') =>
        document.body.append(Object.assign(document.createElement('a'), { id, href, target, textContent: `${id} ` }));
      link('same', 'http://videos.test/?title=Linked');
      link('blank', 'http://videos.test/?title=New%20tab', '_blank');
      const button = Object.assign(document.createElement('button'), { id: 'open', textContent: 'open' });
      button.onclick = () => void window.open('http://videos.test/?title=Popup', '_blank', 'popup,width=400,height=300');
      document.body.append(button);
    });
    const shown = () => blockPagesShown(ff);
    const blockPagesBefore = await shown();
    await links.click('#blank');
    await waitFor(async () => (await shown()) === blockPagesBefore + 1, 'a block page in the new tab');
    await links.bringToFront();
    await links.click('#open');
    await waitFor(async () => (await shown()) === blockPagesBefore + 2, 'a block page in the window the script opened');
    await links.bringToFront();
    await links.click('#same');
    await waitFor(async () => pageOf(await addressOf(links)) === BLOCK_PAGE, 'the block page in the same tab');
    for (const url of [
      `http://docs.test/redirect?to=${encodeURIComponent('http://videos.test/?title=Redirected')}`,
      'http://m.videos.test/?title=Sub',
      'http://www.videos.test/?title=Sub',
    ]) {
      const page = await ff.browser.newPage();
      void page.goto(url).catch(() => {});
      await waitFor(async () => pageOf(await addressOf(page)) === BLOCK_PAGE, `the block page for ${url}`);
    }
    expect(ff.pages.requests.filter((r) => /^(www\.|m\.)?videos\.test\/\?/.test(r))).toHaveLength(before);
  }, 120_000);
});

// E2E: the ways a page of a blocked site comes up that the network rules stop, each ending on the block page in real Chromium.
import { describe, expect, it } from 'vitest';
import { e2eForSuite } from './harness';
import { endsBlocked, startStrict } from './strict-steps';

describe('a strict session stops every navigation to a blocked site', () => {
  const e2e = e2eForSuite();

  it('a link in the same tab, a link to a new tab, a window a script opens, a redirect from an allowed site, a subdomain and www.', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    const popup = await startStrict(e2e(), docs, 5);
    await popup.page.close();
    const served = () => e2e().pages.requests.filter((r) => /^(www\.|m\.)?videos\.test\/\?/.test(r)).length;
    const before = served();

    // A link in the same tab.
    await docs.bringToFront();
    await docs.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: 'http://videos.test/?title=Linked', id: 'same', textContent: 'cats' });
      document.body.append(a);
    });
    await docs.click('#same');
    await endsBlocked(docs);
    await docs.goBack();
    await expect.poll(() => docs.url()).toMatch(/^http:\/\/docs\.test\//);

    // A link that opens a new tab.
    await docs.evaluate(() => {
      const a = Object.assign(document.createElement('a'), {
        href: 'http://videos.test/?title=New%20tab',
        id: 'blank',
        target: '_blank',
        textContent: 'cats',
      });
      document.body.append(a);
    });
    const [newTab] = await Promise.all([e2e().browser.context.waitForEvent('page'), docs.click('#blank')]);
    await endsBlocked(newTab);
    await newTab.close();

    // A window a script opens.
    const [opened] = await Promise.all([
      e2e().browser.context.waitForEvent('page'),
      docs.evaluate(() => void window.open('http://videos.test/?title=Popup', '_blank', 'popup,width=400,height=300')),
    ]);
    await endsBlocked(opened);
    await opened.close();

    // A redirect from an allowed site into the blocked one.
    const redirected = await e2e().browser.context.newPage();
    await redirected.goto(`http://docs.test/redirect?to=${encodeURIComponent('http://videos.test/?title=Redirected')}`).catch(() => {});
    await endsBlocked(redirected);

    // A subdomain, and www.
    for (const host of ['m.videos.test', 'www.videos.test']) {
      const tab = await e2e().browser.context.newPage();
      await tab.goto(`http://${host}/?title=Sub`).catch(() => {});
      await endsBlocked(tab);
      await tab.close();
    }
    // None of them reached the site.
    expect(served()).toBe(before);
  }, 120_000);
});

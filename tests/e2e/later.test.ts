// E2E: Save for later in real Chromium — the banner's answer closes the tab and keeps it, the keyboard shortcut (a real X key press) saves the tab in front, the review opens what the session saved.
import { describe, expect, it } from 'vitest';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';

describe('save it for later', () => {
  const e2e = e2eForSuite();
  const openUrls = () =>
    e2e()
      .browser.context.pages()
      .map((p) => p.url());

  it('the banner’s Save for later: the tab is gone, the popup counts it, the session is on task; the shortcut saves another; the review opens them', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: ['videos.test'] }).then((p) => p.page.close());
    await e2e().expectBadge('ON');

    const videos = await e2e().openSite('videos.test', 'Funny cats compilation');
    const videosUrl = videos.url();
    await videos.bringToFront();
    await e2e().expectBadge('!');
    const toast = new Toast(videos);
    await toast.expectTier('drift');
    await toast.click('drift-save');
    await expect.poll(() => videos.isClosed(), { timeout: 10_000 }).toBe(true);
    // The last on-task tab comes back, and with it the session is on task.
    await e2e().expectBadge('ON');
    const popup = await e2e().popup();
    await expect
      .poll(
        () =>
          popup
            .byId('later-count')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toContain('Saved for later: 1');
    expect(await popup.byId('status').textContent()).toMatch(/on task/i);
    await popup.page.close();

    // The shortcut (the manifest's default, Alt+Shift+L) pressed on the X display while Chromium has the focus.
    const article = await e2e().openSite('news.test', 'A long read about parsers');
    const articleUrl = article.url();
    await article.bringToFront();
    await e2e().pressKeys('alt+shift+l');
    await expect.poll(() => article.isClosed(), { timeout: 10_000 }).toBe(true);

    const ending = await e2e().popup();
    await expect
      .poll(
        () =>
          ending
            .byId('later-count')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toContain('Saved for later: 2');
    await ending.byId('end-session').click();
    await ending.byId('review').waitFor();
    expect(await ending.byId('review-saved').textContent()).toContain('You saved 2 things for later.');
    await ending.byId('review-saved-open').click();
    await expect.poll(openUrls, { timeout: 10_000 }).toEqual(expect.arrayContaining([videosUrl, articleUrl]));
    // Opened: off the list.
    await ending.page.reload();
    await ending.byId('review').waitFor();
    expect(await ending.byId('review-saved').count()).toBe(0);
  });
});

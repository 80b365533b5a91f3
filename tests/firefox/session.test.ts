// Firefox ESR: the built add-on with the real host, a session from the popup, a blocked site's toast, a judged site.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { clickInToast, firefoxForSuite, hostStatus, startSessionIn, toastTier } from './harness';

describe('a focus session in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  it('the popup page connects to the host and starts a session on an allowed page: badge ON', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser design notes');
    const popup = await ff.extensionPage('popup.html');
    await waitFor(async () => (await hostStatus(popup)).includes('helper connected'), 'helper connected');
    await docs.bringToFront();
    await startSessionIn(popup, { allowed: ['docs.test'], blocked: ['videos.test'] });
    await docs.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');
  });

  it('a blocked site: badge ! by the local rule (no judge call), the drift toast in the page; Back to task → ON', async () => {
    const ff = firefox();
    const videos = await ff.openSite('videos.test', 'Funny cats compilation');
    await videos.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge !');
    expect(ff.calls().filter((c) => c.role === 'judge' && c.app === 'videos.test')).toEqual([]);
    await waitFor(async () => (await toastTier(videos)) === 'drift', 'the drift toast');
    await clickInToast(videos, 'drift-back');
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON after Back to task');
  });

  it('an unmatched site is judged once by the backend through the host', async () => {
    const ff = firefox();
    const news = await ff.openSite('news.test', 'Celebrity gossip roundup');
    await news.bringToFront();
    await waitFor(() => ff.calls().some((c) => c.role === 'judge' && c.app === 'news.test'), 'a judge call', 20_000);
    await waitFor(async () => (await ff.badge()) === '!', 'badge ! from the verdict', 20_000);
    expect(ff.calls().filter((c) => c.role === 'judge' && c.app === 'news.test')).toHaveLength(1);
  });

  it('each tab seen keeps its own badge, shown with the tab; none is left once the session ends', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser reference');
    await docs.bringToFront();
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');
    const videos = await ff.openSite('videos.test', 'More cats');
    await videos.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge !');
    // Behind videos, docs holds its own ON while the shared badge says !.
    expect(await ff.tabBadge(docs.url())).toBe('ON');
    expect(await ff.tabBadge(videos.url())).toBe('!');
    const popup = await ff.extensionPage('popup.html');
    await popup.click('[data-testid="end-session"]');
    await waitFor(async () => (await ff.tabBadge(docs.url())) === '', 'docs without a badge');
    expect(await ff.tabBadge(videos.url())).toBe('');
    expect(await ff.badge()).toBe('');
    await popup.close();
  });
});

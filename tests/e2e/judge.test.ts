// E2E: an unmatched site goes to the fake judge once per session; "This is on task" survives a browser restart.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eForSuite, startSession } from './harness';
import { Toast } from './pages';

describe('the drift judge on unmatched sites', () => {
  const e2e = e2eForSuite();

  let news: Page;
  const judgeCalls = (app: string) =>
    e2e()
      .calls()
      .filter((c) => c.role === 'judge' && c.app === app).length;

  it('checks an unmatched site (… then !), once per site for the session', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    await startSession(e2e(), docs, {
      allowed: ['docs.test'],
      blocked: [],
    });
    await e2e().expectBadge('ON');

    news = await e2e().openSite('news.test', 'Breaking: markets rally');
    await news.bringToFront();
    await e2e().expectBadge('…', 2_000);
    await e2e().expectBadge('!', 15_000);
    const toast = new Toast(news);
    await toast.expectTier('drift');
    expect(await toast.text('drift-reason')).toContain('news.test is not part of the commitment');
    expect(judgeCalls('news.test')).toBe(1);

    await docs.bringToFront();
    await e2e().expectBadge('ON');
    await news.bringToFront();
    await e2e().expectBadge('!');
    // Let a second judge run show up in the log if the verdict cache did not hold.
    await expect
      .poll(() => judgeCalls('news.test'), { timeout: 3_000 })
      .not.toBe(1)
      .catch(() => {});
    expect(judgeCalls('news.test')).toBe(1);
  });

  it('"This is on task" clears the drift and adds the site to the allowed list, kept across a restart', async () => {
    const toast = new Toast(news);
    await toast.click('drift-ontask');
    await e2e().expectBadge('ON');
    await toast.expectTier(null);

    await e2e().restart();
    const options = await e2e().options();
    await expect.poll(() => options.addedFromBanner(), { timeout: 10_000 }).toEqual(['news.test']);
    expect(await options.defaultAllowed()).toContain('news.test');
  });
});

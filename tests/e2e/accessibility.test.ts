// E2E: axe-core audits the real popup (form, running session, drifting) and Options page in Chromium: zero violations.
import { describe, expect, it } from 'vitest';
import { axeViolations as violations } from './axe';
import { e2eForSuite, startSession } from './harness';

describe('accessibility (axe-core)', () => {
  const e2e = e2eForSuite();

  it('the popup form, the popup during a session and while drifting, and Options have no violations', async () => {
    const form = await e2e().popup();
    await form.byId('next-action').waitFor();
    expect(await violations(form.page)).toEqual([]);
    await form.page.close();

    const docs = await e2e().openSite('docs.test', 'Parser reference');
    const active = await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: ['videos.test'] });
    expect(await violations(active.page)).toEqual([]);
    await active.page.close();

    const videos = await e2e().openSite('videos.test', 'Cat videos');
    await videos.bringToFront();
    await e2e().expectBadge('!');
    const drifting = await e2e().popup();
    await drifting.byId('drift-banner').waitFor();
    expect(await violations(drifting.page)).toEqual([]);

    const options = await e2e().options();
    await options.page.locator('[data-setup-state="ready"]').waitFor();
    expect(await violations(options.page)).toEqual([]);
  });
});

// E2E: a template and a block a minute ahead saved through Options; when it comes due the popup offers it, and Start starts the template's session.
import { describe, expect, it } from 'vitest';
import { e2eForSuite } from './harness';

const TEMPLATE = {
  id: 't-e2e',
  name: 'Deep work',
  nextAction: 'Draft the schedule chapter',
  successCondition: 'The chapter has an outline',
  allowed: ['docs.test'],
  blocked: ['videos.test'],
  timeboxMinutes: null,
  rhythm: null,
};

describe('a scheduled block in a real browser', () => {
  const e2e = e2eForSuite();

  it('offers the block when it comes due, and Start starts its template', async () => {
    const options = await e2e().options();
    await options.byId('schedule').waitFor();
    // The popup's Save as template is the lead's; here the template is saved the way Options saves settings.
    const saved = await options.page.evaluate(async (template) => {
      const current = (await chrome.runtime.sendMessage({ type: 'getSettings' })) as { value: Record<string, unknown> };
      const reply = (await chrome.runtime.sendMessage({ type: 'saveSettings', settings: { ...current.value, templates: [template] } })) as {
        ok: boolean;
      };
      return reply.ok;
    }, TEMPLATE);
    expect(saved).toBe(true);
    await options.page.reload();

    // A minute boundary 20–80 s ahead on the browser's clock (the service worker reads the same zone).
    const { start, day, dueAt } = await options.page.evaluate(() => {
      // At least 20 s ahead, so the minute cannot turn while the block is being saved (then it would be running, not due).
      const next = new Date(Date.now() + 80_000);
      next.setSeconds(0, 0);
      const pad = (n: number) => String(n).padStart(2, '0');
      return { start: `${pad(next.getHours())}:${pad(next.getMinutes())}`, day: next.getDay(), dueAt: next.getTime() };
    });
    await options.byId('schedule-add').click();
    await options.byId('block-0-start').fill(start);
    await options.byId('block-0-length').fill('30');
    await options.byId(`block-0-day-${day}`).check();
    expect(await options.byId('block-0-template').inputValue()).toBe(TEMPLATE.id);
    await options.save();
    await options.page.close();

    // The plan alarm rings at the block's start; the popup asks for the plan each time it opens.
    const sw = await e2e().sw();
    await expect
      .poll(() => sw.evaluate(async () => (await chrome.alarms.get('antidrift-plan'))?.scheduledTime), { timeout: 10_000 })
      .toBe(dueAt);
    const popup = await e2e().popup();
    await expect
      .poll(
        async () => {
          await popup.reload();
          return popup.byId('due-block').count();
        },
        { timeout: 100_000, interval: 3_000 },
      )
      .toBe(1);
    expect(await popup.byId('due-block').textContent()).toContain(`${start} Deep work`);
    const notifications = await sw.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
    expect(notifications.some((id) => id.startsWith('antidrift-block-'))).toBe(true);
    await e2e().screenshot(popup.page, 'popup-due-block', popup.frame());

    await popup.byId('start-due-block').click();
    await expect.poll(() => popup.byId('commitment-text').textContent(), { timeout: 10_000 }).toContain(TEMPLATE.nextAction);
    // A session runs: the badge is no longer blank (what it says depends on the page in front, here the popup's tab).
    await expect.poll(() => e2e().badge(), { timeout: 15_000 }).not.toBe('');
    // The block is up to 80 s ahead, then Start: longer than the tier's 90 s.
  }, 180_000);
});

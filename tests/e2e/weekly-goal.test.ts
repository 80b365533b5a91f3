// E2E: the weekly focus goal in real Chromium: set in Options, a session's focused hours count, the popup and History show them.
import { describe, expect, it } from 'vitest';
import { e2eForSuite, startSession } from './harness';

/** Wednesday 10:00 local after `at`: two hours from there stay inside one week, whatever day the run falls on. */
function nextWednesdayTen(at: number): number {
  const day = new Date(at);
  day.setDate(day.getDate() + ((3 - day.getDay() + 7) % 7 || 7));
  day.setHours(10, 0, 0, 0);
  return day.getTime();
}

describe('the weekly focus goal', () => {
  const e2e = e2eForSuite();

  it('set to 8 h in Options; a two-hour session counts: the popup and History say 2 of 8 h, and 0 hides it', async () => {
    await e2e().freezeClock(nextWednesdayTen(Date.now()));
    const options = await e2e().options();
    await options.byId('weekly-goal-hours').fill('8');
    await options.save();
    await options.page.close();

    const before = await e2e().popup();
    await expect.poll(() => before.byId('weekly-goal').textContent()).toBe('0 of 8 h focused this week (0 %)');
    await before.page.close();

    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    const popup = await startSession(e2e(), docs, { allowed: ['docs.test'], blocked: [] });
    await e2e().expectBadge('ON');
    // Two hours on task, in steps the recorder's heartbeat would see: the ended session's segment holds them.
    for (let step = 0; step < 8; step++) await e2e().advanceClock(15 * 60_000);
    await popup.byId('end-session').click();
    await popup.byId('review-skip').click();
    await expect.poll(() => popup.byId('weekly-goal').textContent(), { timeout: 15_000 }).toBe('2 of 8 h focused this week (25 %)');
    expect(await popup.byId('weekly-goal').locator('progress').getAttribute('aria-valuetext')).toBe('2 of 8 h focused this week (25 %)');
    await popup.page.close();

    const history = await e2e().history();
    await expect.poll(() => history.byId('weekly-goal').textContent(), { timeout: 15_000 }).toBe('2 of 8 h focused this week (25 %)');
    await history.page.close();

    const off = await e2e().options();
    await off.byId('weekly-goal-hours').fill('0');
    await off.save();
    await off.page.close();
    const after = await e2e().popup();
    await after.byId('start-session').waitFor();
    await after.byId('weekly-goal').waitFor({ state: 'detached', timeout: 5_000 });
    await after.page.close();
    await docs.close();
  });
});

// E2E: Save as template in the popup, start from it in a new popup, and its blocked site gets the banner; Options renames it.
import { describe, expect, it } from 'vitest';
import { e2eForSuite, PARSER_TESTS } from './harness';
import { Toast } from './pages';

describe('templates in a real browser', () => {
  const e2e = e2eForSuite();

  it('a template saved from the form starts the same session later: its blocked site drifts', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    const first = await e2e().popup();
    await first.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test'] });
    await first.byId('timebox').fill('50');
    await first.byId('save-template').click();
    await first.byId('template-name').fill('Deep work');
    await first.byId('save-template').click();
    await expect.poll(() => first.byId('template-saved').textContent()).toBe('Saved as “Deep work”');
    // Saving starts nothing.
    expect(await e2e().badge()).toBe('');
    await first.page.close();

    await docs.bringToFront();
    const popup = await e2e().popup();
    const template = popup.byId('start-template').filter({ hasText: 'Deep work' });
    await template.waitFor();
    expect(await popup.byId('next-action').inputValue()).toBe('');
    await template.click();
    expect(await popup.byId('next-action').inputValue()).toBe(PARSER_TESTS.nextAction);
    expect(await popup.byId('timebox').inputValue()).toBe('50');
    await popup.start();
    await e2e().expectBadge('ON');
    expect(await popup.byId('commitment-text').textContent()).toContain(PARSER_TESTS.nextAction);
    await expect.poll(() => popup.byId('place-why').textContent()).toBe('on your allowed list (docs.test)');
    await e2e().screenshot(popup.page, 'popup-from-template', popup.frame());

    const videos = await e2e().openSite('videos.test', 'Funny cats compilation');
    await videos.bringToFront();
    await e2e().expectBadge('!');
    const toast = new Toast(videos);
    await toast.expectTier('drift');
    expect(await toast.text('drift-reason')).toMatch(/videos\.test/);
    await toast.click('drift-back');
    await e2e().expectBadge('ON');
    await popup.byId('end-session').click();
  });

  it('Options renames the template, and the start form lists it under the new name', async () => {
    const options = await e2e().options();
    const name = options.byId('template-name-edit');
    expect(await name.inputValue()).toBe('Deep work');
    await name.fill('Deep work (mornings)');
    await options.save();
    await e2e().screenshot(options.page, 'options-templates', options.byId('templates'));
    await options.page.close();
    const popup = await e2e().popup();
    // The ended session's review comes first; skipping it shows the form.
    await popup.byId('review-skip').click();
    await expect.poll(() => popup.byId('start-template').allTextContents()).toEqual(['Deep work (mornings)']);
    await expect.poll(() => popup.byId('recent-commitment').allTextContents()).toEqual([PARSER_TESTS.nextAction]);
  });
});

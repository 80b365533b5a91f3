// Firefox ESR: a template saved from the popup's form is listed in a new popup and starts its session; its blocked site drifts.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { fillCommitmentIn, firefoxForSuite, hostStatus, toastTier } from './harness';

describe('templates in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  it('Save as template, then start from it', async () => {
    const ff = firefox();
    const docs = await ff.openSite('docs.test', 'Parser design notes');
    const form = await ff.extensionPage('popup.html');
    await waitFor(async () => (await hostStatus(form)).includes('helper connected'), 'helper connected');
    await fillCommitmentIn(form, { allowed: ['docs.test'], blocked: ['videos.test'] });
    await form.click('[data-testid="save-template"]');
    await form.waitForSelector('[data-testid="template-name"]');
    await form.type('[data-testid="template-name"]', 'Deep work');
    await form.keyboard.press('Enter');
    await form.waitForSelector('[data-testid="template-saved"]');
    expect(await ff.badge()).toBe('');
    await form.close();

    const popup = await ff.extensionPage('popup.html');
    const template = await popup.waitForSelector('[data-testid="start-template"]');
    expect(await template!.evaluate((b) => b.textContent)).toBe('Deep work');
    expect(await popup.$eval('[data-testid="next-action"]', (t) => (t as HTMLTextAreaElement).value)).toBe('');
    await template!.click();
    expect(await popup.$eval('[data-testid="next-action"]', (t) => (t as HTMLTextAreaElement).value)).toBe('Write the parser tests');
    await docs.bringToFront();
    await popup.click('[data-testid="start-session"]');
    await popup.waitForSelector('[data-testid="commitment-text"]');
    await waitFor(async () => (await ff.badge()) === 'ON', 'badge ON');

    const videos = await ff.openSite('videos.test', 'Funny cats compilation');
    await videos.bringToFront();
    await waitFor(async () => (await ff.badge()) === '!', 'badge ! from the template’s blocked list');
    await waitFor(async () => (await toastTier(videos)) === 'drift', 'the drift toast');
  });
});

// Options for strict sessions: the wait before ending early or pausing (checked against its range), and each template's two boxes.
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderOptions, type FakeOptions } from './render-options';
import { defaultSettings, Settings } from '../../../shared/settings/stored-settings';

afterEach(cleanup);

const STRICT_NAME = 'Strict: block my blocked sites and slow down ending early';
const ALLOWLIST_NAME = 'Allowlist only: anything not on my allowed list is drift, no AI asked';

const SETTINGS = Settings.parse({
  ...defaultSettings(),
  templates: [
    { id: 'a', name: 'Deep work', nextAction: 'Write', successCondition: 'Done', strict: true },
    { id: 'b', name: 'Email', nextAction: 'Inbox zero', successCondition: 'Empty inbox' },
  ],
});

const options = () => renderOptions(SETTINGS, 'templates');

function lastSaved(fake: FakeOptions): Settings {
  return fake.sent('saveSettings').at(-1)!.settings as Settings;
}

describe('options: strict sessions', () => {
  it('shows the wait (60 s by default), refuses one outside 10–600 seconds in words, and saves one inside', async () => {
    const fake = await options();
    const field = screen.getByLabelText('Strict sessions wait this long before ending early or pausing (seconds)') as HTMLInputElement;
    expect(field).toBe(screen.getByTestId('strict-wait'));
    expect(field.value).toBe('60');
    expect([field.min, field.max, field.step]).toEqual(['10', '600', '10']);
    fireEvent.input(field, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Strict wait: between 10 and 600 seconds.');
    expect(fake.sent('saveSettings')).toHaveLength(0);
    fireEvent.input(field, { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake).strictWaitSeconds).toBe(120);
  });

  it('each template has its Strict and Allowlist-only boxes, named as in the popup, saved with it', async () => {
    const fake = await options();
    const [deep, email] = screen.getAllByTestId('template');
    const deepStrict = within(deep!).getByRole('checkbox', { name: STRICT_NAME }) as HTMLInputElement;
    const emailAllowlist = within(email!).getByRole('checkbox', { name: ALLOWLIST_NAME }) as HTMLInputElement;
    expect(deepStrict.checked).toBe(true);
    expect((within(deep!).getByRole('checkbox', { name: ALLOWLIST_NAME }) as HTMLInputElement).checked).toBe(false);
    expect(emailAllowlist.checked).toBe(false);
    // The template's name is the group's: the same box names stay apart per template.
    expect(within(deep!).getByText('Deep work', { selector: 'legend' }).textContent).toBe('Deep work');
    fireEvent.click(deepStrict);
    fireEvent.click(emailAllowlist);
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake).templates.map((t) => [t.name, t.strict, t.allowlistOnly])).toEqual([
      ['Deep work', false, false],
      ['Email', false, true],
    ]);
  });
});

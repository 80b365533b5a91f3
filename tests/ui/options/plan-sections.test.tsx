// Options → Templates (rename, edit, delete; names and an over-long "Involves" refused in words) and → End of day (off by default, its time).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderOptions } from './render-options';
import { defaultSettings, Settings } from '../../../shared/settings/stored-settings';

afterEach(cleanup);

/** Two templates; the first may say what its work involves. */
const settingsWith = (deep: { involves?: string } = {}) =>
  Settings.parse({
    ...defaultSettings(),
    templates: [
      { id: 'a', name: 'Deep work', nextAction: 'Write', successCondition: 'Done', allowed: ['code'], timeboxMinutes: 50, ...deep },
      { id: 'b', name: 'Email', nextAction: 'Inbox zero', successCondition: 'Empty inbox', allowed: ['mail.test'] },
    ],
  });

const options = (deep: { involves?: string } = {}) => renderOptions(settingsWith(deep), 'templates');

describe('options: templates', () => {
  it('renames, edits and deletes templates, saved with the settings', async () => {
    const fake = await options();
    const [deep, email] = screen.getAllByTestId('template');
    fireEvent.input(within(deep!).getByTestId('template-name-edit'), { target: { value: 'Deep work (mornings)' } });
    fireEvent.input(within(deep!).getByTestId('template-timebox'), { target: { value: '' } });
    expect((within(deep!).getByTestId('template-involves') as HTMLInputElement).value).toBe('');
    expect(within(deep!).getByLabelText('Involves (optional)')).toBe(within(deep!).getByTestId('template-involves'));
    fireEvent.input(within(deep!).getByTestId('template-involves'), { target: { value: ' the vitest docs ' } });
    fireEvent.click(within(email!).getByTestId('template-delete'));
    expect(screen.getAllByTestId('template')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    const saved = fake.sent('saveSettings')[0]!.settings as Settings;
    expect(saved.templates).toEqual([
      {
        id: 'a',
        name: 'Deep work (mornings)',
        nextAction: 'Write',
        successCondition: 'Done',
        involves: 'the vitest docs',
        allowed: ['code'],
        blocked: [],
        timeboxMinutes: null,
        rhythm: null,
        strict: false,
        allowlistOnly: false,
      },
    ]);
  });

  it('shows a template’s "Involves"; an over-long one is refused in words next to its template, and nothing is sent', async () => {
    const fake = await options({ involves: 'a lecture on Pratt parsing' });
    const [deep, email] = screen.getAllByTestId('template');
    expect((within(deep!).getByTestId('template-involves') as HTMLInputElement).value).toBe('a lecture on Pratt parsing');
    fireEvent.input(within(email!).getByTestId('template-involves'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(within(email!).getByTestId('template-error').textContent).toBe('Keep what it involves under 500 characters.'),
    );
    expect(within(deep!).queryByTestId('template-error')).toBeNull();
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });

  it('a taken name or an empty one is refused next to its template, and nothing is sent', async () => {
    const fake = await options();
    const [deep, email] = screen.getAllByTestId('template');
    fireEvent.input(within(email!).getByTestId('template-name-edit'), { target: { value: 'deep work' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(within(email!).getByTestId('template-error').textContent).toBe('A template is already called "deep work".'));
    fireEvent.input(within(deep!).getByTestId('template-name-edit'), { target: { value: '  ' } });
    await waitFor(() => expect(within(deep!).getByTestId('template-error').textContent).toBe('Give the template a name.'));
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });
});

describe('options: the end-of-day summary', () => {
  it('is off by default; turned on, its time is saved in the settings', async () => {
    const fake = await options();
    expect((screen.getByTestId('day-summary') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('day-summary-at')).toBeNull();
    fireEvent.click(screen.getByTestId('day-summary'));
    fireEvent.input(screen.getByTestId('day-summary-at'), { target: { value: '17:30' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect((fake.sent('saveSettings')[0]!.settings as Settings).daySummary).toEqual({ enabled: true, at: '17:30' });
  });

  it('a time that is none is refused in words', async () => {
    const fake = await options();
    fireEvent.click(screen.getByTestId('day-summary'));
    fireEvent.input(screen.getByTestId('day-summary-at'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByText('At: a time like 09:00.')).toBeTruthy());
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });
});

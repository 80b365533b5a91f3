// Options → Weekly goal: shows the saved hours, saves an edit, refuses out-of-range or blank hours in its own section until fixed.
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderOptions, type FakeOptions } from '../options/render-options';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';

afterEach(cleanup);

const SAVED: Settings = { ...defaultSettings(), weeklyFocusGoalHours: 12.5 };

const options = (settings: Settings = SAVED) => renderOptions(settings, 'weekly-goal-hours');

const section = () => screen.getByRole('region', { name: 'Weekly goal' });
const field = () => within(section()).getByTestId('weekly-goal-hours') as HTMLInputElement;

function lastSaved(fake: FakeOptions): Settings {
  const all = fake.sent('saveSettings');
  return all[all.length - 1]!.settings as Settings;
}

/** The message the field points at, which must sit in the Weekly goal section. */
function fieldError(): string | null {
  const ids = field().getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('error'));
  if (!error) return null;
  expect(section().contains(error)).toBe(true);
  return error.textContent;
}

describe('options: weekly goal', () => {
  it('shows the saved goal in its own section, as a number field of half hours from 0 to 100', async () => {
    await options();
    expect(within(section()).getByRole('heading', { level: 2 }).textContent).toBe('Weekly goal');
    expect(field().value).toBe('12.5');
    expect(field().type).toBe('number');
    expect(field().getAttribute('min')).toBe('0');
    expect(field().getAttribute('max')).toBe('100');
    expect(field().getAttribute('step')).toBe('0.5');
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Hours of focus a week')).toBe(field());
  });

  it('shows 0 when no goal is set (the default)', async () => {
    await options(defaultSettings());
    expect(field().value).toBe('0');
  });

  it('saves 7.5 hours as weeklyFocusGoalHours, leaving the other settings as they were', async () => {
    const fake = await options();
    fireEvent.input(field(), { target: { value: '7.5' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(fake.sent('saveSettings')).toHaveLength(1);
    expect(lastSaved(fake)).toEqual({ ...SAVED, weeklyFocusGoalHours: 7.5 });
    // The form shows what was stored.
    expect(field().value).toBe('7.5');
  });

  it('refuses 101 hours with a message in its section and sends nothing; fixing the field clears it and saves', async () => {
    const fake = await options();
    fireEvent.input(field(), { target: { value: '101' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(fieldError()).toBe('Between 0 and 100 hours.');
    expect(screen.getByRole('alert').textContent).toBe('Fix the field marked above to save.');
    expect(fake.sent('saveSettings')).toHaveLength(0);

    fireEvent.input(field(), { target: { value: '100' } });
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(fieldError()).toBeNull();
    expect(within(section()).queryByText('Between 0 and 100 hours.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(fake.sent('saveSettings')).toHaveLength(1);
    expect(lastSaved(fake).weeklyFocusGoalHours).toBe(100);
  });

  it('refuses a blank field as "Enter a number." (blank is not 0); a number clears it', async () => {
    const fake = await options();
    fireEvent.input(field(), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(fieldError()).toBe('Enter a number.');
    expect(fake.sent('saveSettings')).toHaveLength(0);

    fireEvent.input(field(), { target: { value: '0' } });
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(fieldError()).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake).weeklyFocusGoalHours).toBe(0);
  });

  it('refuses negative hours with the same range message', async () => {
    const fake = await options();
    fireEvent.input(field(), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(fieldError()).toBe('Between 0 and 100 hours.');
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });
});

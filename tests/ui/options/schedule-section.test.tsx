// Options → Schedule: add a block, edit its fields, save it into settings; overlaps and bad lengths in words next to the block.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderOptions, type FakeOptions } from './render-options';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';
import { templateRecord } from '../../support/templates';

afterEach(cleanup);

const TEMPLATE = templateRecord({ id: 't1', name: 'Deep work', nextAction: 'Write the parser', successCondition: 'tests pass' });

const options = (settings: Settings) => renderOptions(settings, 'schedule');

const lastSaved = (fake: FakeOptions) => fake.sent('saveSettings').at(-1)?.settings as Settings | undefined;

describe('options: schedule', () => {
  it('says to save a template first when there is none', async () => {
    await options(defaultSettings());
    expect(screen.getByTestId('schedule-no-templates').textContent).toBe('Save a template first (popup → Save as template).');
    expect((screen.getByTestId('schedule-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds a block, edits it and saves it', async () => {
    const fake = await options({ ...defaultSettings(), templates: [TEMPLATE] });
    fireEvent.click(screen.getByTestId('schedule-add'));
    fireEvent.input(screen.getByTestId('block-0-start'), { target: { value: '07:30' } });
    fireEvent.input(screen.getByTestId('block-0-length'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('block-0-day-6'));
    fireEvent.click(screen.getByTestId('block-0-auto-start'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(lastSaved(fake)?.schedule).toHaveLength(1));
    expect(lastSaved(fake)!.schedule[0]).toMatchObject({
      days: [1, 2, 3, 4, 5, 6],
      start: '07:30',
      lengthMinutes: 90,
      templateId: 't1',
      autoStart: true,
    });
  });

  it('shows an overlap and a bad length next to their blocks, and does not save', async () => {
    const fake = await options({ ...defaultSettings(), templates: [TEMPLATE] });
    fireEvent.click(screen.getByTestId('schedule-add'));
    fireEvent.click(screen.getByTestId('schedule-add'));
    fireEvent.input(screen.getByTestId('block-1-length'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findAllByTestId('block-1-error')).map((e) => e.textContent)).toContain('Length: 5 to 720 minutes.');
    fireEvent.input(screen.getByTestId('block-1-length'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(screen.getAllByTestId('block-1-error').map((e) => e.textContent)).toEqual(['Overlaps 09:00 Deep work on Monday.']),
    );
    expect(screen.queryByTestId('block-0-error')).toBeNull();
    fireEvent.click(screen.getByTestId('block-1-delete'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(lastSaved(fake)?.schedule).toHaveLength(1));
    expect(fake.sent('saveSettings')).toHaveLength(1);
  });
});

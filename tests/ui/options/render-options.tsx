// The Options page on a fake worker that holds `settings` and saves what it is sent (parsed as the worker would), idle, shown once `readyTestId` is.
import { screen } from '@testing-library/preact';
import { OptionsPage } from '../../../entrypoints/options/options-page';
import type { Reply } from '../../../shared/messages/requests';
import { Settings } from '../../../shared/settings/stored-settings';
import { fakeClient, renderWith } from '../fake-client';
import { push } from '../fixtures';

export async function renderOptions(settings: Settings, readyTestId: string) {
  const fake = fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: settings }),
    saveSettings: (req): Reply<'saveSettings'> => ({ ok: true, value: Settings.parse(req.settings) }),
    // Options' Diagnostics section reads the log; an unscripted null would not be a log.
    getDiagnostics: (): Reply<'getDiagnostics'> => ({ ok: true, value: [] }),
  });
  renderWith(fake.client, <OptionsPage />);
  fake.push(push({ phase: 'idle' }));
  await screen.findByTestId(readyTestId);
  return fake;
}

export type FakeOptions = Awaited<ReturnType<typeof renderOptions>>;

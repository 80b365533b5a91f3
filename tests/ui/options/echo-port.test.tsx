// Throwaway (issue 43, item 5's measure): Options gives a third port its name and line, and lists it, with no UI file edited.
import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { OptionsPage } from '../../../entrypoints/options/options-page';
import { hostStatus } from '../../../shared/core/host-status';
import type { Reply } from '../../../shared/messages/requests';
import { DEFAULT_SETTINGS } from '../../../shared/settings/settings';
import { fakeClient, renderWith } from '../fake-client';
import { host, push } from '../fixtures';

afterEach(cleanup);

it('Options shows the echo port by its name and its line, and offers it as a backend', async () => {
  const fake = fakeClient({ getSettings: (): Reply<'getSettings'> => ({ ok: true, value: DEFAULT_SETTINGS }) });
  renderWith(fake.client, <OptionsPage />);
  const { ports } = hostStatus(
    { backend: null, model: '' },
    { connection: 'connected', backends: [] },
    { echo: { availability: 'available' } },
  );
  fake.push(push({ phase: 'idle', host: host({ ports }) }));
  expect((await screen.findByTestId('port-echo-line')).textContent).toBe('The echo port answers every call: on task');
  expect(within(screen.getByTestId('port-echo')).getByText('The echo port')).toBeTruthy();
  const select = screen.getByTestId('backend-select') as HTMLSelectElement;
  expect([...select.options].map((o) => [o.value, o.textContent])).toContainEqual(['echo', 'the echo port — available']);
});

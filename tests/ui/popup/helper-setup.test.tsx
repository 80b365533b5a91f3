// The popup when the helper is missing or another release: the advice, the exact command, Copy and Check again.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import type { HostStatus } from '../../../shared/core/host-status';
import { DEFAULT_SETTINGS } from '../../../shared/core/settings';
import { fakeClient, renderWith } from '../fake-client';
import { host, push } from '../fixtures';

afterEach(cleanup);

const COMMAND = 'npx --yes antidrift-host@0.2.0 install --browser chromium --extension-id abcdefghijklmnopabcdefghijklmnop';

async function popupWith(status: HostStatus) {
  const fake = fakeClient({ getSettings: () => ({ ok: true, value: DEFAULT_SETTINGS }) });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle', host: status }));
  await screen.findByTestId('host-status');
  return fake;
}

describe('popup: the helper', () => {
  it.each([
    [
      'not installed',
      host({ connection: 'missing', activeBackend: null, fit: 'unknown' }),
      'The helper is not installed. It watches your desktop windows and runs the AI; install it with one command in a terminal:',
    ],
    ['older', host({ hostVersion: '0.1.0', fit: 'helper-older' }), 'The helper (0.1.0) is older than this extension (0.2.0). Update it:'],
    [
      'newer',
      host({ hostVersion: '0.3.0', fit: 'helper-newer' }),
      'The helper (0.3.0) is newer than this extension (0.2.0). Update the extension, or install the helper that matches it:',
    ],
    [
      'too new to talk to',
      host({ hostVersion: '9.0.0', fit: 'extension-too-old', activeBackend: null }),
      'This extension (0.2.0) is too old for the helper (9.0.0): the AI and desktop windows are off until you update the extension, or install the helper that matches it:',
    ],
  ])('%s: says which side to update and shows the exact command', async (_name, status, advice) => {
    await popupWith(status);
    expect(screen.getByTestId('helper-advice').textContent).toBe(advice);
    expect(screen.getByTestId('host-install-command').textContent).toBe(COMMAND);
  });

  it('shows nothing when helper and extension are the same release', async () => {
    await popupWith(host({ hostVersion: '0.2.0', fit: 'same' }));
    expect(screen.queryByTestId('helper-setup')).toBeNull();
  });

  it('Copy puts the command on the clipboard; Check again asks the helper again', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fake = await popupWith(host({ connection: 'missing', activeBackend: null, fit: 'unknown' }));
    fireEvent.click(screen.getByTestId('copy-install-command'));
    await waitFor(() => expect(screen.getByTestId('helper-setup-note').textContent).toBe('Copied.'));
    expect(writeText).toHaveBeenCalledWith(COMMAND);
    fireEvent.click(screen.getByTestId('check-again'));
    await waitFor(() => expect(fake.sent('reconnectHost')).toHaveLength(1));
  });
});

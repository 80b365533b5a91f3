// The helper's command box (Options and the welcome page): which side to update, the exact command, Copy, and Check again with its result.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostStatus } from '../../../shared/core/host-status';
import { HelperSetup } from '../../../ui/components/helper-setup';
import { ClientProvider } from '../../../ui/connection/surface-client';
import { fakeClient, renderWith } from '../fake-client';
import { host } from '../fixtures';

afterEach(cleanup);

const COMMAND = 'npx --yes antidrift-host@0.2.0 install --browser chromium --extension-id abcdefghijklmnopabcdefghijklmnop';

describe('the helper command box', () => {
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
  ])('%s: says which side to update and shows the exact command', (_name, status, advice) => {
    renderWith(fakeClient().client, <HelperSetup host={status} />);
    expect(screen.getByTestId('helper-advice').textContent).toBe(advice);
    expect(screen.getByTestId('host-install-command').textContent).toBe(COMMAND);
  });

  it('shows nothing when helper and extension are the same release, unless asked to (install or repair)', () => {
    renderWith(fakeClient().client, <HelperSetup host={host({ hostVersion: '0.2.0', fit: 'same' })} />);
    expect(screen.queryByTestId('helper-setup')).toBeNull();
    cleanup();
    renderWith(fakeClient().client, <HelperSetup host={host({ hostVersion: '0.2.0', fit: 'same' })} always />);
    expect(screen.getByTestId('helper-advice').textContent).toBe('Install or repair the helper for this browser:');
  });

  it('Copy puts the command on the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWith(fakeClient().client, <HelperSetup host={host({ connection: 'missing', activeBackend: null, fit: 'unknown' })} />);
    fireEvent.click(screen.getByTestId('copy-install-command'));
    await waitFor(() => expect(screen.getByTestId('helper-setup-note').textContent).toBe('Copied.'));
    expect(writeText).toHaveBeenCalledWith(COMMAND);
  });

  it.each([
    [host({ connection: 'connected' }), 'The helper answered.'],
    [host({ connection: 'missing', activeBackend: null }), 'Not found yet: run the command in a terminal, then Check again.'],
    [host({ connection: 'disconnected', activeBackend: null }), 'The helper did not start: its Diagnostics say why.'],
  ])('Check again asks the helper again and says what it found: %o', async (after, words) => {
    const missing = host({ connection: 'missing', activeBackend: null, fit: 'unknown' });
    const fake = fakeClient();
    const view = (h: HostStatus) => (
      <ClientProvider client={fake.client}>
        <HelperSetup host={h} advice="Run this:" />
      </ClientProvider>
    );
    const { rerender } = render(view(missing));
    fireEvent.click(screen.getByTestId('check-again'));
    await waitFor(() => expect(fake.sent('reconnectHost')).toHaveLength(1));
    expect(screen.getByTestId('helper-setup-note').textContent).toBe('Checking…');
    rerender(view(host({ connection: 'connecting', activeBackend: null })));
    expect(screen.getByTestId('helper-setup-note').textContent).toBe('Checking…');
    rerender(view(after));
    await waitFor(() => expect(screen.getByTestId('helper-setup-note').textContent).toBe(words));
  });
});

// The welcome page: the one step left first (the command for this browser and ID, Copy, Check again), what works already, "ready" with Start.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WelcomePage } from '../../../entrypoints/welcome/welcome-page';
import { sentWords } from '../../../shared/core/ai-consent';
import type { HostStatus } from '../../../shared/core/host-status';
import { SETUP_STATES, type SetupState } from '../../../ui/setup-state';
import { fakeClient, renderWith } from '../fake-client';
import { host, push } from '../fixtures';

afterEach(cleanup);

const COMMAND = 'npx --yes antidrift-host@0.2.0 install --browser chromium --extension-id abcdefghijklmnopabcdefghijklmnop';

async function welcome(status: HostStatus) {
  const fake = fakeClient();
  renderWith(fake.client, <WelcomePage />);
  fake.push(push({ phase: 'idle', host: status }));
  await screen.findByTestId('next-step');
  return fake;
}

/** What each state's first card is titled, whether it shows the command, and whether it offers Start. */
const CASES: Record<SetupState, { host: HostStatus; title: string; command: boolean; start: boolean }> = {
  checking: {
    host: host({ connection: 'connecting', activeBackend: null }),
    title: 'Looking for the helper…',
    command: false,
    start: false,
  },
  'helper-missing': {
    host: host({ connection: 'missing', activeBackend: null, fit: 'unknown' }),
    title: 'One step left: install the helper',
    command: true,
    start: false,
  },
  'helper-stopped': {
    host: host({ connection: 'disconnected', activeBackend: null, fit: 'unknown', error: 'Native host has exited.' }),
    title: 'The helper is installed, but it did not start',
    command: true,
    start: false,
  },
  'helper-older': { host: host({ hostVersion: '0.1.0', fit: 'helper-older' }), title: '✓ Update the helper', command: true, start: false },
  'helper-newer': {
    host: host({ hostVersion: '0.3.0', fit: 'helper-newer' }),
    title: '✓ The helper is newer than this extension',
    command: true,
    start: false,
  },
  'no-ai': {
    host: host({ activeBackend: null, backends: [{ name: 'claude', available: false }] }),
    title: '✓ The helper is connected',
    command: false,
    start: true,
  },
  'ai-consent': {
    host: host({
      activeBackend: null,
      consent: { backend: 'claude', to: 'Anthropic', addresses: false, answer: 'unasked' },
    }),
    title: '✓ One question before the AI starts',
    command: false,
    start: true,
  },
  'ai-not-now': {
    host: host({
      activeBackend: null,
      consent: { ...{ backend: 'claude', to: 'Anthropic', addresses: false, answer: 'unasked' }, answer: 'notNow' },
    }),
    title: '✓ The helper is connected; the AI is off',
    command: false,
    start: true,
  },
  'browser-model-only': {
    host: host({ connection: 'missing', activeBackend: 'browser', fit: 'unknown', browserModel: { availability: 'available' } }),
    title: 'antidrift works in this browser already',
    command: true,
    start: true,
  },
  ready: { host: host(), title: '✓ You are all set', command: false, start: true },
};

describe('welcome page', () => {
  it.each(SETUP_STATES.map((s) => [s, CASES[s]] as const))('%s', async (state, c) => {
    const fake = await welcome(c.host);
    expect(document.querySelector('main')?.getAttribute('data-setup-state')).toBe(state);
    // The first card's heading, by its accessible name (the check mark is hidden from screen readers).
    const heading = screen.getByRole('heading', { level: 2, name: c.title.replace('✓ ', '') });
    expect(heading.id).toBe('next-step-title');
    expect(heading.textContent).toBe(c.title);
    const command = screen.queryByTestId('host-install-command');
    expect(command?.textContent ?? null).toBe(c.command ? COMMAND : null);
    const start = screen.queryByTestId('start-first-session');
    expect(start !== null).toBe(c.start);
    if (start) {
      fireEvent.click(start);
      expect(fake.popupOpened).toBe(1);
    }
    // The browser's own error words are for Options → Diagnostics, not this page.
    expect(document.body.textContent).not.toContain('Native host has exited');
  });

  it('without the helper: the command comes first, with what it does and that it is a one-time step; then what works already', async () => {
    await welcome(CASES['helper-missing'].host);
    const step = screen.getByTestId('next-step');
    expect(step.textContent).toContain('You install it once');
    expect(step.querySelector('[data-testid="check-again"]')).not.toBeNull();
    expect(step.querySelector('[data-testid="copy-install-command"]')).not.toBeNull();
    // Snap/Flatpak and the installation check are one click away.
    expect(screen.getByTestId('helper-doctor').tagName).toBe('DETAILS');
    expect(screen.getByTestId('sandbox-help').tagName).toBe('DETAILS');
    const works = screen.getByTestId('works-already');
    expect(step.compareDocumentPosition(works) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByTestId('works-model').textContent).toBe(
      'Other sites are not judged yet: this browser has no built-in model, so that takes the AI the helper runs.',
    );
  });

  it('a stopped helper leads to Options → Helper (its diagnostics); no AI leads to Options → AI backend', async () => {
    const fake = await welcome(CASES['helper-stopped'].host);
    fireEvent.click(screen.getByTestId('setup-action'));
    expect(fake.pagesOpened).toEqual(['options#helper']);
    cleanup();
    const other = await welcome(CASES['no-ai'].host);
    expect(screen.getByTestId('next-step').textContent).toContain('install and sign in to one of claude');
    fireEvent.click(screen.getByTestId('setup-action'));
    expect(other.pagesOpened).toEqual(['options#ai-backend']);
  });

  it('asks before the AI starts: exactly what is sent, to whom, and that nothing goes before Allow', async () => {
    const fake = await welcome(CASES['ai-consent'].host);
    const what = screen.getByTestId('consent-what').textContent;
    expect(what).toContain(`claude would get ${sentWords(true)}`);
    expect(what).toContain('It sends them to Anthropic. Nothing is sent until you allow it');
    fireEvent.click(screen.getByTestId('consent-allow'));
    await vi.waitFor(() => expect(fake.requests).toContainEqual({ type: 'answerAIConsent', backend: 'claude', answer: 'allowed' }));
    cleanup();
    // After a not now: still one click to allow, no second Not now.
    await welcome(CASES['ai-not-now'].host);
    expect(screen.getByTestId('consent-allow')).not.toBeNull();
    expect(screen.queryByTestId('consent-not-now')).toBeNull();
  });

  it('the built-in model, where the browser has it, is named among what works already', async () => {
    await welcome(host({ connection: 'missing', activeBackend: null, fit: 'unknown', browserModel: { availability: 'downloadable' } }));
    expect(screen.getByTestId('works-model').textContent).toContain('download it once in Settings → AI backend');
  });
});

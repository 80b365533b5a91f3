// The popup's footer in every setup state: the person's words first, one next step that leads elsewhere, never the browser's raw error.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import type { HostStatus } from '../../../shared/core/host-status';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { SETUP_STATES, type SetupState } from '../../../ui/setup-state';
import { fakeClient, renderWith } from '../fake-client';
import { host, push } from '../fixtures';

afterEach(cleanup);

async function footerFor(status: HostStatus) {
  const fake = fakeClient({ getSettings: () => ({ ok: true, value: defaultSettings() }) });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle', host: status }));
  await screen.findByTestId('host-status');
  return fake;
}

type Expected = { host: HostStatus; text: string; action: [string, string] | null };

/** One case per state (a new state fails the typecheck here until it has one). */
const CASES: Record<SetupState, Expected> = {
  checking: {
    host: host({ connection: 'connecting', activeBackend: null, fit: 'unknown' }),
    text: 'Connecting to the helper…',
    action: null,
  },
  'helper-missing': {
    host: host({ connection: 'missing', activeBackend: null, fit: 'unknown', error: 'Specified native messaging host not found.' }),
    text: 'No helper yet: your site lists work; the AI and desktop apps need the helper.',
    action: ['Set up the helper', 'welcome'],
  },
  'helper-stopped': {
    host: host({ connection: 'disconnected', activeBackend: null, fit: 'unknown', error: 'Native host has exited.' }),
    text: 'The helper stopped; trying again. Your site lists still work.',
    action: ['Details', 'options#helper'],
  },
  'helper-older': {
    host: host({ hostVersion: '0.1.0', fit: 'helper-older' }),
    text: 'AI: claude · the helper (0.1.0) is older than this extension (0.2.0).',
    action: ['Update the helper', 'welcome'],
  },
  'helper-newer': {
    host: host({ hostVersion: '0.3.0', fit: 'helper-newer' }),
    text: 'AI: claude · the helper (0.3.0) is newer than this extension (0.2.0).',
    action: ['What to update', 'welcome'],
  },
  'no-ai': {
    host: host({ activeBackend: null }),
    text: 'AI off: the helper found no AI backend. Your site lists work.',
    action: ['Choose an AI', 'options#ai-backend'],
  },
  'ai-consent': {
    host: host({
      activeBackend: null,
      consent: { backend: 'claude', to: 'Anthropic', addresses: false, answer: 'unasked' },
    }),
    text: 'AI waits for your yes: may claude send your commitment and the titles and sites you look at to Anthropic?',
    action: null,
  },
  'ai-not-now': {
    host: host({
      activeBackend: null,
      consent: { ...{ backend: 'claude', to: 'Anthropic', addresses: false, answer: 'unasked' }, answer: 'notNow' },
    }),
    text: 'AI off: you chose not to send to Anthropic. Your site lists work.',
    action: ['Allow it', 'options#ai-backend'],
  },
  'browser-model-only': {
    host: host({ connection: 'missing', activeBackend: 'browser', fit: 'unknown', browserModel: { availability: 'available' } }),
    text: "AI: the browser's built-in model · desktop apps need the helper.",
    action: ['Set up the helper', 'welcome'],
  },
  ready: { host: host({ activeBackend: 'claude' }), text: 'AI: claude · helper connected', action: null },
};

describe('popup footer', () => {
  it.each(SETUP_STATES.map((state) => [state, CASES[state]] as const))('%s', async (state, c) => {
    const fake = await footerFor(c.host);
    expect(screen.getByTestId('popup-foot').getAttribute('data-setup-state')).toBe(state);
    expect(screen.getByTestId('host-status').textContent).toBe(c.text);
    // The browser's own words ("Specified native messaging host not found.") live in Options → Diagnostics only.
    expect(screen.getByTestId('popup-foot').textContent).not.toMatch(/native messaging|Native host has exited/);
    expect(screen.queryByTestId('host-install-command')).toBeNull();
    const action = screen.queryByTestId('setup-action');
    if (!c.action) return expect(action).toBeNull();
    expect(action?.textContent).toBe(c.action[0]);
    fireEvent.click(action!);
    expect(fake.pagesOpened).toEqual([c.action[1]]);
  });

  it('names the backend the person chose when it cannot run', async () => {
    await footerFor(host({ activeBackend: null, chosenBackend: 'ollama' }));
    expect(screen.getByTestId('host-status').textContent).toBe('AI off: ollama is not available. Your site lists work.');
  });

  it('says when a helper and an extension can no longer talk, and which to update', async () => {
    await footerFor(host({ hostVersion: '0.0.1', fit: 'helper-too-old', activeBackend: null }));
    expect(screen.getByTestId('host-status').textContent).toBe(
      'The helper (0.0.1) is too old for this extension (0.2.0): the AI and desktop apps are off.',
    );
    cleanup();
    await footerFor(host({ hostVersion: '9.0.0', fit: 'extension-too-old', activeBackend: null }));
    expect(screen.getByTestId('host-status').textContent).toBe(
      'This extension (0.2.0) is too old for the helper (9.0.0): the AI and desktop apps are off.',
    );
    expect(screen.getByTestId('setup-action').textContent).toBe('What to update');
  });

  it('asks in the footer itself: what goes where, Allow and Not now send the answer for that backend', async () => {
    const fake = await footerFor(CASES['ai-consent'].host);
    const answers = () => fake.requests.filter((r) => r.type === 'answerAIConsent');
    fireEvent.click(screen.getByTestId('consent-allow'));
    await vi.waitFor(() => expect(answers()).toHaveLength(1));
    // One answer at a time: the buttons wait for the first reply.
    await vi.waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('consent-not-now').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('consent-not-now'));
    await vi.waitFor(() => expect(answers()).toHaveLength(2));
    expect(answers()).toEqual([
      { type: 'answerAIConsent', backend: 'claude', answer: 'allowed' },
      { type: 'answerAIConsent', backend: 'claude', answer: 'notNow' },
    ]);
    cleanup();
    // After a not now the popup asks no more: the line leads to Options, where the yes is given.
    await footerFor(CASES['ai-not-now'].host);
    expect(screen.queryByTestId('consent-ask')).toBeNull();
  });

  it('the built-in model as the AI while a helper is connected is simply ready', async () => {
    await footerFor(host({ activeBackend: 'browser', browserModel: { availability: 'available' } }));
    expect(screen.getByTestId('host-status').textContent).toBe("AI: the browser's built-in model · helper connected");
  });
});

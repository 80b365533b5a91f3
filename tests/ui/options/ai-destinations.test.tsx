// Options → AI backend's "Where your words go": each backend's receiver and the person's answer, Allow and Withdraw sent as they are.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AIDestinations } from '../../../entrypoints/options/ai-destinations';
import type { AIConsents } from '../../../shared/core/ai-consent';
import { fakeClient, renderWith } from '../fake-client';
import { host, T0 } from '../fixtures';

afterEach(cleanup);

const HOST = host({
  backends: [
    { name: 'claude', available: true },
    { name: 'codex', available: true },
    { name: 'ollama', available: true },
  ],
});

describe('where your words go', () => {
  it('says each receiver and answer, and sends Allow and Withdraw for that backend', async () => {
    const consents: AIConsents = { claude: { answer: 'allowed', at: T0 } };
    let told: AIConsents | null = null;
    const fake = fakeClient({ answerAIConsent: () => ({ ok: true, value: {} }) });
    renderWith(
      fake.client,
      <AIDestinations host={HOST} consents={consents} model="" neverSendUrls={true} onConsents={(next) => (told = next)} />,
    );
    const row = (name: string) => screen.getByTestId(`consent-${name}`);
    expect(row('claude').dataset.state).toBe('allowed');
    expect(row('claude').textContent).toMatch(/^claude → Anthropic · allowed on .+ Withdraw$/);
    expect(row('codex').textContent).toBe('codex → OpenAI · not asked yet Allow');
    expect(row('ollama').textContent).toBe('ollama → Ollama, on this computer: stays here, no yes needed');
    expect(row('browser').dataset.state).toBe('local');
    fireEvent.click(screen.getByTestId('consent-allow-codex'));
    await waitFor(() => expect(told).toEqual({}));
    fireEvent.click(screen.getByTestId('consent-withdraw-claude'));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.type === 'answerAIConsent')).toEqual([
        { type: 'answerAIConsent', backend: 'codex', answer: 'allowed' },
        { type: 'answerAIConsent', backend: 'claude', answer: 'withdrawn' },
      ]),
    );
  });
});

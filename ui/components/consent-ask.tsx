// The question before anything of the person's goes to an AI off this computer: what is sent, to whom, Allow / Not now.
import { useState } from 'preact/hooks';
import { sentWords, type AIConsents, type ConsentReply } from '../../shared/core/ai-consent';
import type { HostStatus } from '../../shared/core/host-status';
import { replyError, useClient } from '../connection/surface-client';

type Ask = NonNullable<HostStatus['consent']>;

/** Sends one answer; resolves with every backend's answer as stored, or with null once `error` holds the words of a refusal. */
export function useConsentAnswer(): {
  busy: boolean;
  error: string | null;
  answer(backend: string, answer: ConsentReply): Promise<AIConsents | null>;
} {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    async answer(backend, answer) {
      setBusy(true);
      setError(null);
      const reply = await client.request({ type: 'answerAIConsent', backend, answer });
      setBusy(false);
      if (reply.ok) return reply.value;
      setError(replyError(reply));
      return null;
    },
  };
}

/**
 * The ask itself. `compact`: the popup's two buttons (the question is its setup line, the full words are one
 * click away on the welcome page and in Options); else the paragraph that says exactly what goes where.
 */
export function ConsentAsk({ ask, compact = false }: { ask: Ask; compact?: boolean }) {
  const client = useClient();
  const { busy, error, answer } = useConsentAnswer();
  const buttons = (
    <div class="row wrap consent-buttons">
      <button type="button" class="primary" data-testid="consent-allow" disabled={busy} onClick={() => void answer(ask.backend, 'allowed')}>
        Allow
      </button>
      {ask.answer === 'unasked' ? (
        <button type="button" data-testid="consent-not-now" disabled={busy} onClick={() => void answer(ask.backend, 'notNow')}>
          Not now
        </button>
      ) : null}
    </div>
  );
  return (
    <div class={compact ? 'consent-ask compact' : 'consent-ask'} data-testid="consent-ask" data-backend={ask.backend}>
      {compact ? null : (
        <p data-testid="consent-what">
          To judge drift, <strong>{ask.backend}</strong> would get {sentWords(!ask.addresses)}. It sends them to <strong>{ask.to}</strong>.
          Nothing is sent until you allow it; your site lists, strict sessions and the browser's on-device model work either way, and
          Options → AI backend takes the yes back at any time.{' '}
          <button type="button" class="link" data-testid="consent-privacy" onClick={() => client.openPage('privacy')}>
            Privacy policy
          </button>
        </p>
      )}
      {buttons}
      {error ? (
        <p class="hint tone-warn" role="alert" data-testid="consent-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// The popup's Coach: a rough intention in, a suggested commitment out (or the reason it could not).
import { useState } from 'preact/hooks';
import { MAX_INTENTION_CHARS } from '../../shared/core/core-limits';
import type { CoachSuggestion } from '../../shared/messages/requests';
import { replyError, useClient } from '../../ui/connection/surface-client';

export type Suggestion = CoachSuggestion;

export function CoachField({ onSuggestion }: { onSuggestion(s: Suggestion): void }) {
  const client = useClient();
  const [intention, setIntention] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');

  const run = async () => {
    if (running) return;
    const text = intention.trim();
    if (!text) {
      setError('Say roughly what you want to get done first.');
      return;
    }
    setRunning(true);
    setError('');
    const reply = await client.request({ type: 'coach', intention: text.slice(0, MAX_INTENTION_CHARS) });
    setRunning(false);
    if (reply.ok) onSuggestion(reply.value);
    else setError(replyError(reply));
  };

  return (
    <div class="field coach">
      <label for="coach-intention">What do you want to get done?</label>
      <div class="row">
        <input
          id="coach-intention"
          type="text"
          data-testid="coach-intention"
          value={intention}
          placeholder="e.g. fix the flaky login test"
          aria-describedby={error ? 'coach-error' : undefined}
          onInput={(e) => setIntention(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void run();
            }
          }}
        />
        <button type="button" data-testid="coach" onClick={() => void run()} disabled={running} aria-busy={running}>
          {running ? <span class="spinner" role="status" aria-label="Coach is thinking" /> : null}
          {running ? 'Coaching…' : 'Coach'}
        </button>
      </div>
      {error ? (
        <p class="error" id="coach-error" data-testid="coach-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

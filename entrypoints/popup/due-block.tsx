// The scheduled block on offer, at the top of the idle popup: Start (its template's session), In 10 minutes, or Skip.
import { useState } from 'preact/hooks';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { formatClock } from '../../ui/format';
import type { DuePlan } from './use-due-plan';

type Due = NonNullable<DuePlan['due']>;

export function DueBlock({ due, onAnswered }: { due: Due; onAnswered(): void }) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const answer = async (type: 'startDueBlock' | 'snoozeDueBlock' | 'dismissDueBlock') => {
    setBusy(true);
    setError('');
    const reply = await client.request({ type, key: due.key });
    setBusy(false);
    if (reply.ok) onAnswered();
    else setError(replyError(reply));
  };
  return (
    <section class="due-block" aria-labelledby="due-block-label" data-testid="due-block">
      <h1 id="due-block-label" class="due-block-label">
        {due.label}
      </h1>
      <p class="muted due-block-when">
        {due.waiting ? 'Waits until the current session ends' : 'Scheduled now'}, until {formatClock(due.end)}
      </p>
      <div class="actions">
        <button type="button" class="primary" disabled={busy} data-testid="start-due-block" onClick={() => void answer('startDueBlock')}>
          Start
        </button>
        <button type="button" disabled={busy} data-testid="snooze-due-block" onClick={() => void answer('snoozeDueBlock')}>
          In 10 minutes
        </button>
        <button type="button" class="link" disabled={busy} data-testid="dismiss-due-block" onClick={() => void answer('dismissDueBlock')}>
          Skip
        </button>
      </div>
      {error ? (
        <p class="error" role="alert" data-testid="due-block-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

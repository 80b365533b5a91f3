// "Did you meet …?" after a session ends: Yes / Partly / No with an optional note, or Skip. Never blocks the next session.
import { useState } from 'preact/hooks';
import { HISTORY_MAX_NOTE } from '../../shared/history/history-limits';
import type { PendingReview, ReviewAnswer } from '../../shared/history/history-records';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { SavedInSession } from '../../ui/components/later-list';

const ANSWERS: Array<[ReviewAnswer, string]> = [
  ['yes', 'Yes'],
  ['partly', 'Partly'],
  ['no', 'No'],
];

export function ReviewCard({ review, onDone }: { review: PendingReview; onDone(): void }) {
  const client = useClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const answer = async (value: ReviewAnswer | null) => {
    setBusy(true);
    const reply = await client.request({ type: 'reviewSession', key: review.key, answer: value, note: value ? note : '' });
    setBusy(false);
    if (reply.ok) onDone();
    else setError(replyError(reply));
  };
  return (
    <section class="review" aria-labelledby="review-question" data-testid="review">
      <h1 id="review-question" class="review-question">
        Did you meet: {review.successCondition}?
      </h1>
      <p class="muted review-task">{review.nextAction}</p>
      <SavedInSession session={review.key} />
      <label class="field">
        <span>Note (optional)</span>
        <textarea
          rows={2}
          maxLength={HISTORY_MAX_NOTE}
          value={note}
          onInput={(e) => setNote(e.currentTarget.value)}
          data-testid="review-note"
        />
      </label>
      <div class="actions">
        {ANSWERS.map(([value, label]) => (
          <button key={value} type="button" disabled={busy} data-testid={`review-${value}`} onClick={() => void answer(value)}>
            {label}
          </button>
        ))}
        <button type="button" class="link" disabled={busy} data-testid="review-skip" onClick={() => void answer(null)}>
          Skip
        </button>
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

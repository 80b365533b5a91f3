// Today in the popup's start view: the day's blocks (done, now, next), focus and drift time, the reviews met.
import type { TodaySummary } from '../../shared/history/records';
import { formatClock, formatSpan } from '../../ui/format';

/** A scheduled block as Today lists it (the planner says which state it is in). */
export interface TodayBlock {
  key: string;
  label: string;
  start: number;
  end: number;
  state: 'done' | 'now' | 'next' | 'missed' | 'later';
}

const BLOCK_WORDS: Record<TodayBlock['state'], string> = { done: 'done', now: 'now', next: 'next', missed: 'missed', later: 'later' };
const ANSWER_MARK = { yes: '✓', partly: '½', no: '✗' } as const;
const ANSWER_WORDS = { yes: 'met', partly: 'partly met', no: 'not met' } as const;

export function Today({ today, blocks }: { today: TodaySummary | null; blocks: readonly TodayBlock[] }) {
  const met = today?.reviews.filter((r) => r.answer === 'yes').length ?? 0;
  const nothing = blocks.length === 0 && (!today || (today.sessions === 0 && today.reviews.length === 0));
  return (
    <section class="today" aria-labelledby="today-title" data-testid="today">
      <h2 id="today-title" class="subtitle">
        Today
      </h2>
      {nothing ? (
        <p class="muted" data-testid="today-empty">
          Nothing yet today.
        </p>
      ) : null}
      {blocks.length ? (
        <ol class="today-blocks" aria-label="Scheduled blocks">
          {blocks.map((b) => (
            <li key={b.key} class={`block-${b.state}`} data-testid="today-block" data-state={b.state}>
              <span class="block-time">
                {formatClock(b.start)}–{formatClock(b.end)}
              </span>{' '}
              <span class="block-name">{b.label.replace(/^\d\d:\d\d /, '')}</span> <span class="block-state">{BLOCK_WORDS[b.state]}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {today && today.sessions > 0 ? (
        <p class="muted" data-testid="today-totals">
          Focused <strong data-testid="today-focused">{formatSpan(today.focusedMs)}</strong> · drifted{' '}
          <strong data-testid="today-drifted">{formatSpan(today.driftMs)}</strong>
          {today.reviews.length ? (
            <>
              {' '}
              · <span data-testid="today-met">{`${met} of ${today.reviews.length} reviews met`}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {today?.reviews.length ? (
        <ul class="today-reviews" aria-label="Reviews">
          {today.reviews.slice(-3).map((r) => (
            <li key={r.key} title={ANSWER_WORDS[r.answer]}>
              <span aria-hidden="true">{ANSWER_MARK[r.answer]}</span> {r.nextAction}
              <span class="visually-hidden"> — {ANSWER_WORDS[r.answer]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

// Today in the popup's start view, in two short lines: the day's blocks (done, now, next), then focus, drift and reviews met.
import type { TodaySummary } from '../../shared/history/history-records';
import { formatClock, formatSpan } from '../../ui/format';

/** A scheduled block as Today lists it (the planner says which state it is in). */
export interface TodayBlock {
  key: string;
  label: string;
  start: number;
  end: number;
  state: 'done' | 'now' | 'next' | 'missed' | 'later';
}

const ANSWER_WORDS = { yes: 'met', partly: 'partly met', no: 'not met' } as const;
/** Today names at most these: what is done, what runs, what comes. */
const SHOWN_STATES: ReadonlySet<TodayBlock['state']> = new Set(['done', 'now', 'next', 'missed']);

/** Whether Today has anything to say (an empty day shows the form's title instead). */
export function todayHasNews(today: TodaySummary | null, blocks: readonly TodayBlock[]): boolean {
  return blocks.length > 0 || (today !== null && (today.sessions > 0 || today.reviews.length > 0));
}

export function Today({ today, blocks }: { today: TodaySummary | null; blocks: readonly TodayBlock[] }) {
  const met = today?.reviews.filter((r) => r.answer === 'yes').length ?? 0;
  const shown = blocks.filter((b) => SHOWN_STATES.has(b.state));
  const reviews = today?.reviews ?? [];
  return (
    <section class="today" aria-labelledby="today-title" data-testid="today">
      <h2 id="today-title" class="today-title">
        Today
      </h2>
      {shown.length ? (
        <ol class="today-blocks" aria-label="Scheduled blocks">
          {shown.map((b) => (
            <li key={b.key} class={`block-${b.state}`} data-testid="today-block" data-state={b.state}>
              <span class="block-time">{formatClock(b.start)}</span> {b.label.replace(/^\d\d:\d\d /, '')}{' '}
              <span class="block-state">({b.state})</span>
            </li>
          ))}
        </ol>
      ) : null}
      {today && today.sessions > 0 ? (
        <p class="today-totals" data-testid="today-totals">
          <strong data-testid="today-focused">{formatSpan(today.focusedMs)}</strong> focused ·{' '}
          <strong data-testid="today-drifted">{formatSpan(today.driftMs)}</strong> drift
          {reviews.length ? (
            <>
              {' '}
              ·{' '}
              <span
                data-testid="today-met"
                title={reviews.map((r) => `${r.nextAction}: ${ANSWER_WORDS[r.answer]}`).join('\n')}
              >{`${met} of ${reviews.length} met`}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {reviews.length ? (
        <ul class="visually-hidden" aria-label="Reviews">
          {reviews.map((r) => (
            <li key={r.key}>
              {r.nextAction}: {ANSWER_WORDS[r.answer]}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

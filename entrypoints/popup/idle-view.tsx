// The idle popup once reviewed: a scheduled block on offer first (the form one click away), else the start form with Today.
import { useState } from 'preact/hooks';
import type { TodaySummary } from '../../shared/history/history-records';
import { LaterList } from '../../ui/components/later-list';
import { PopupIdleSlots } from '../../ui/feature-slot-views';
import { CommitmentForm } from './commitment-form';
import { DueBlock } from './due-block';
import { Today, todayHasNews, type TodayBlock } from './today';
import type { DuePlan } from './use-due-plan';

type Due = NonNullable<DuePlan['due']>;

/**
 * The offer and the whole form do not fit one popup together: while a block is due the offer comes
 * first, with Today under it, and "Start something else" swaps in the form (the offer shrinks to a line).
 */
export function IdleView(p: { due: Due | null; today: TodaySummary | null; blocks: readonly TodayBlock[]; onAnswered(): void }) {
  const [other, setOther] = useState(false);
  const today = todayHasNews(p.today, p.blocks) ? <Today today={p.today} blocks={p.blocks} /> : null;
  if (p.due && !other) {
    return (
      <div class="stack">
        <DueBlock due={p.due} onAnswered={p.onAnswered} />
        {today}
        <PopupIdleSlots />
        <button type="button" class="link start-other" data-testid="start-other" onClick={() => setOther(true)}>
          Start something else…
        </button>
        <LaterList />
      </div>
    );
  }
  return (
    <div class="stack">
      {p.due ? (
        <p class="due-note" data-testid="due-note">
          {p.due.label} is due.{' '}
          <button type="button" class="link" onClick={() => setOther(false)}>
            Back to it
          </button>
        </p>
      ) : null}
      <CommitmentForm today={today} coach={!p.due} />
      <PopupIdleSlots />
      <LaterList />
    </div>
  );
}

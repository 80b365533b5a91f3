// History: the scheduled blocks of the range that were not started, one line per outcome ("Missed: 09:00 Deep work (Mon)").
import type { HistoryBlock } from '../../shared/history/history-records';
import { WEEKDAY_SHORT } from '../../shared/plan/week';

const WORDS = { missed: 'Missed', skipped: 'Skipped' } as const;

/** "09:00 Deep work (Mon)": the label says the time, the day says which one (the page's local day). */
function named(block: HistoryBlock): string {
  return `${block.label} (${WEEKDAY_SHORT[new Date(block.start).getDay()]})`;
}

export function MissedBlocks({ blocks }: { blocks: readonly HistoryBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <section class="card missed-blocks" aria-labelledby="missed-blocks-title" data-testid="missed-blocks">
      <h2 id="missed-blocks-title">Scheduled blocks not started</h2>
      {(['missed', 'skipped'] as const).map((outcome) => {
        const of = blocks.filter((b) => b.outcome === outcome);
        return of.length ? (
          <p key={outcome} data-testid={`blocks-${outcome}`}>
            {WORDS[outcome]}: {of.map(named).join(', ')}
          </p>
        ) : null;
      })}
    </section>
  );
}

// The History page: pick a range, read only that range, show its totals, days, sessions, what pulls you away and the AI cost.
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { HISTORY_FIRST_VIEW_MARK, HISTORY_VIEW_MARK, markOnce } from '../../ui/first-state-mark';
import { useClient } from '../../ui/connection/surface-client';
import { HistoryCardSlots } from '../../ui/feature-slot-views';
import { CostTable } from './cost-table';
import { DataSection, browserDownload, type Download } from './data-section';
import { DayChart } from './day-chart';
import { MissedBlocks } from './missed-blocks';
import { useHistory, type HistorySource } from './history-source';
import { localCalendar, rangeOf, type PageCalendar, type RangeChoice } from '../../locale/local-calendar';
import { PullsSection } from './pulls-section';
import { RangePicker } from './range-picker';
import { SessionList } from './session-list';
import { TotalsCards } from './totals-cards';

interface Props {
  source: HistorySource;
  calendar?: PageCalendar;
  download?: Download;
}

export function HistoryPage({ source, calendar = localCalendar, download = browserDownload }: Props) {
  const client = useClient();
  // Today first, as the trackers people compare us with open: it is also the smallest read, so the page is quick to show.
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'today' });
  const [version, setVersion] = useState(0);
  // The range is fixed when chosen (or after a change), not on every render: "now" moving must not reload.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const range = useMemo(() => rangeOf(choice, client.now(), calendar), [choice, calendar, client, version]);
  const load = useHistory(source, range.from, range.to, client.now, calendar, version);
  const reload = () => setVersion((v) => v + 1);
  const drawn = load.status === 'ready' && !load.stale && load.from === range.from && load.to === range.to ? load : null;
  // After the DOM holds a freshly read view (layout effects run before paint): what the bench reads.
  useLayoutEffect(() => {
    if (!drawn) return;
    markOnce(HISTORY_FIRST_VIEW_MARK);
    performance.mark(HISTORY_VIEW_MARK, { detail: range.label });
  }, [drawn, range.label]);

  const head = (
    <header class="history-head">
      <h1 class="title">antidrift history</h1>
      {load.status === 'ready' && !load.empty ? (
        <button type="button" data-testid="refresh" onClick={reload}>
          Refresh
        </button>
      ) : null}
    </header>
  );

  if (load.status !== 'ready') {
    return (
      <main class="page history" aria-busy={load.status === 'loading'}>
        {head}
        {load.status === 'error' ? (
          <p class="error" role="alert">
            Could not read the history: {load.error}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </main>
    );
  }

  const dataSection = (
    <DataSection source={source} now={client.now} range={range} dayKey={calendar.dayKey} download={download} onChanged={reload} />
  );

  if (load.empty) {
    return (
      <main class="page history">
        {head}
        <section class="card empty" data-testid="empty-state" aria-labelledby="empty-title">
          <h2 id="empty-title">No sessions yet…</h2>
          <p>
            Start a focus session from the toolbar button. Each session is recorded here: how long you stayed on task, what pulled you away,
            and whether you met your success condition. History stays in this browser.
          </p>
        </section>
        {dataSection}
      </main>
    );
  }

  const { summary } = load;
  return (
    <main class="page history" aria-busy={load.stale}>
      {head}
      <RangePicker choice={choice} onChoose={setChoice} now={load.at} calendar={calendar} span={load.span} />
      {load.invalid > 0 ? (
        <p class="hint" role="note">
          {load.invalid} stored records could not be read and are left out.
        </p>
      ) : null}
      <TotalsCards summary={summary} label={range.label} />
      {/* Asked again with each read of the history (an import, a refresh). */}
      <HistoryCardSlots key={load.at} />
      <MissedBlocks blocks={load.unstartedBlocks} />
      <DayChart days={summary.days} />
      <SessionList key={`${range.from}-${range.to}`} sessions={summary.perSession} from={range.from} to={range.to} now={load.at} />
      <PullsSection byTime={summary.placesByTime} byEpisodes={summary.placesByEpisodes} />
      <CostTable rows={summary.cost} days={summary.days.length} />
      {dataSection}
    </main>
  );
}

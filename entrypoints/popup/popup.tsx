// The toolbar popup: a fixed-size skeleton until the first state, then the form or the session.
import { useLayoutEffect, useState } from 'preact/hooks';
import { useClient } from '../../ui/connection/surface-client';
import { HelperSetup } from '../../ui/components/helper-setup';
import { HostStatusLine } from '../../ui/components/host-status-line';
import { markFirstState } from '../../ui/first-state-mark';
import { useStatePush } from '../../ui/connection/use-state-push';
import { ActiveView } from './active-view';
import { CommitmentForm } from './commitment-form';
import { ReviewCard } from './review-card';
import { useHistoryStatus } from './use-history-status';

export function Popup() {
  const client = useClient();
  const push = useStatePush(client);
  const [reviewed, setReviewed] = useState(0);
  const history = useHistoryStatus(push, reviewed);
  const shown = push !== null;
  // After the DOM holds the real view (layout effects run before paint): what the bench reads.
  useLayoutEffect(() => {
    if (shown) markFirstState();
  }, [shown]);
  if (!push) {
    return (
      <main class="popup" aria-busy="true" aria-label="antidrift is loading">
        <div class="skeleton">
          <span class="bone title" />
          <span class="bone" />
          <span class="bone tall" />
          <span class="bone" />
          <span class="bone tall" />
        </div>
      </main>
    );
  }
  return (
    <main class="popup">
      {push.view.phase === 'idle' ? (
        // The review comes first, one click (an answer or Skip) from the next session's form: both at once would not fit a popup.
        history?.pendingReview ? (
          <ReviewCard review={history.pendingReview} onDone={() => setReviewed((n) => n + 1)} />
        ) : (
          <CommitmentForm />
        )
      ) : (
        <ActiveView push={push} progress={history?.progress ?? null} />
      )}
      <footer class="popup-foot">
        <HostStatusLine host={push.view.host} onOpenOptions={client.openOptions} />
        <HelperSetup host={push.view.host} />
        <button type="button" class="link history-link" data-testid="open-history" onClick={client.openHistory}>
          History
        </button>
      </footer>
    </main>
  );
}

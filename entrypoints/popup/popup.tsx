// The toolbar popup: a fixed-size skeleton until the first state, then the form, the review, the session or its wait, and the setup footer.
import { useLayoutEffect, useState } from 'preact/hooks';
import { openSetupTarget, useClient } from '../../ui/connection/surface-client';
import { ConsentAsk } from '../../ui/components/consent-ask';
import { SetupAction, SetupStatus } from '../../ui/components/setup-status';
import { markFirstState } from '../../ui/first-state-mark';
import { useStatePush } from '../../ui/connection/use-state-push';
import { popupShownView } from '../../ui/popup-view';
import { setupLine } from '../../ui/setup-state';
import { ActiveView } from './active-view';
import { IdleView } from './idle-view';
import { ReviewCard } from './review-card';
import { useDuePlan } from './use-due-plan';
import { useHistoryStatus } from './use-history-status';
import { WaitView } from './wait-view';

export function Popup() {
  const client = useClient();
  const push = useStatePush(client);
  const [reviewed, setReviewed] = useState(0);
  const history = useHistoryStatus(push, reviewed);
  const plan = useDuePlan(push);
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
  const pendingReview = push.view.phase === 'idle' ? (history?.pendingReview ?? null) : null;
  const view = popupShownView(push.view, pendingReview !== null);
  const host = push.view.host;
  const line = setupLine(host, client.environment().version);
  const due = push.view.phase === 'idle' ? (plan.plan?.due ?? null) : null;
  const blocks = plan.plan?.today ?? [];
  return (
    <main class="popup" data-view={view}>
      {push.view.phase === 'idle' ? (
        // The review comes first, one click (an answer or Skip) from the next session's form: both at once would not fit a popup.
        pendingReview ? (
          <ReviewCard review={pendingReview} onDone={() => setReviewed((n) => n + 1)} />
        ) : (
          <IdleView due={due} today={history?.today ?? null} blocks={blocks} onAnswered={plan.refresh} />
        )
      ) : view === 'wait' && push.view.session ? (
        <WaitView session={push.view.session} />
      ) : (
        <ActiveView push={push} history={history} />
      )}
      <footer class="popup-foot" data-testid="popup-foot" data-setup-state={line.state}>
        <SetupStatus line={line} host={host} />
        <div class="foot-links">
          {line.state === 'ai-consent' && host.consent ? <ConsentAsk ask={host.consent} compact /> : null}
          <SetupAction line={line} here={[]} onOpen={(to) => openSetupTarget(client, to)} />
          <button type="button" class="link history-link" data-testid="open-history" onClick={() => client.openPage('history')}>
            History
          </button>
        </div>
      </footer>
    </main>
  );
}

// The toolbar popup: a fixed-size skeleton until the first state, then the form or the session.
import { useLayoutEffect } from 'preact/hooks';
import { useClient } from '../../ui/connection/surface-client';
import { HostStatusLine } from '../../ui/components/host-status-line';
import { markFirstState } from '../../ui/first-state-mark';
import { useStatePush } from '../../ui/connection/use-state-push';
import { ActiveView } from './active-view';
import { CommitmentForm } from './commitment-form';

export function Popup() {
  const client = useClient();
  const push = useStatePush(client);
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
      {push.view.phase === 'idle' ? <CommitmentForm /> : <ActiveView push={push} />}
      <footer class="popup-foot">
        <HostStatusLine host={push.view.host} onOpenOptions={client.openOptions} />
      </footer>
    </main>
  );
}

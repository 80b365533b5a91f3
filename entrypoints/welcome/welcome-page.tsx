// The welcome page: the one step left (the helper's command for this browser) first, then what already works; "ready" once it answers.
import { useClient } from '../../ui/connection/surface-client';
import { useStatePush } from '../../ui/connection/use-state-push';
import { HelperPermissionCard } from '../../ui/components/helper-permission';
import { setupStateOf } from '../../ui/setup-state';
import { NextStep } from './next-step';
import { WorksAlready } from './works-already';

export function WelcomePage() {
  const client = useClient();
  const push = useStatePush(client);
  const host = push?.view.host ?? null;
  const state = host ? setupStateOf(host) : null;
  const helperAbsent = host !== null && host.connection !== 'connected';
  return (
    <main class="page welcome" data-setup-state={state ?? undefined} aria-busy={state === null}>
      <header class="welcome-head">
        <h1 class="title">Welcome to antidrift</h1>
        <p class="muted">
          Say what you will do next and how you will know it is done. antidrift watches what is in front of you and tells you, politely,
          when you drift.
        </p>
      </header>
      {host && state ? (
        <>
          {host.blocked ? <HelperPermissionCard host={host} /> : <NextStep host={host} state={state} />}
          {helperAbsent ? <WorksAlready host={host} onStart={client.openPopup} /> : null}
        </>
      ) : (
        <p class="muted">Loading…</p>
      )}
      <footer class="welcome-foot">
        <p class="hint">
          Privacy: nothing of yours goes to an AI off this computer before you allow it, and then only to the one you allowed. antidrift has
          no server and keeps your history in this browser.
        </p>
        <div class="row wrap">
          <button type="button" class="link" data-testid="open-privacy" onClick={() => client.openPage('privacy')}>
            Privacy policy
          </button>
          <button type="button" class="link" data-testid="open-options" onClick={() => client.openPage('options')}>
            Settings
          </button>
          <button type="button" class="link" data-testid="open-history" onClick={() => client.openPage('history')}>
            History
          </button>
        </div>
      </footer>
    </main>
  );
}

// The block page: what a strict session shows instead of a blocked site — the commitment, the time, Back to task focused.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useClient } from '../../ui/connection/surface-client';
import { useNow, useStatePush } from '../../ui/connection/use-state-push';
import { formatDuration, sessionTimes } from '../../ui/format';
import { blockStatus, siteAddress } from './block-status';

export interface BlockPageProps {
  /** The blocked-list entry that sent the navigation here (`?site=`). */
  site: string;
  /** Goes back in this tab's history; false when there is nothing to go back to. */
  goBack(): boolean;
}

const NOTHING_TO_GO_BACK_TO = 'Nothing to go back to — open your task.';

export function BlockPage({ site, goBack }: BlockPageProps) {
  const client = useClient();
  const push = useStatePush(client);
  const now = useNow(client, true);
  const [stuck, setStuck] = useState(false);
  const back = useRef<HTMLButtonElement>(null);
  const shown = site || 'This site';

  useEffect(() => {
    // Once per page: the background counts the pull (it does not depend on what the page then shows).
    if (site) void client.request({ type: 'navigationBlocked', site });
  }, [client, site]);

  const status = push ? blockStatus(push.view, site, now) : null;
  const blocked = status?.blocked === true;
  useEffect(() => {
    // The focused default: Enter or Space takes the person back (autofocus alone misses a button rendered after load).
    if (blocked) back.current?.focus();
  }, [blocked]);

  const backToTask = async () => {
    const reply = await client.request({ type: 'blockPageBackToTask' });
    if (reply.ok && reply.value.went === 'tab') return;
    if (!goBack()) setStuck(true);
  };

  if (!status) {
    return (
      <main class="page blocked" aria-busy="true">
        <h1 class="title">{shown} is blocked</h1>
        <p class="muted">Loading…</p>
      </main>
    );
  }
  if (!status.blocked) {
    const address = siteAddress(site);
    return (
      <main class="page blocked" data-testid="block-over">
        <h1 class="title">{site ? `${site} is not blocked` : 'Nothing is blocked'}</h1>
        <p>{status.why}</p>
        {address ? (
          <p>
            <a class="button-like" href={address} data-testid="open-site">
              Open {site.startsWith('*.') ? site.slice(2) : site}
            </a>
          </p>
        ) : null}
      </main>
    );
  }
  const { commitment } = status.session;
  const times = sessionTimes(status.session, now);
  return (
    <main class="page blocked" data-testid="block-page">
      <h1 class="title">{shown} is blocked</h1>
      <p class="muted" data-testid="block-line">
        Strict session: {shown} is blocked until the session ends.
      </p>
      <section class="card commitment" aria-label="Your commitment">
        <p class="label">Next action</p>
        <p class="next-action" data-testid="block-next-action">
          {commitment.nextAction}
        </p>
        <p class="label">Done when</p>
        <p data-testid="block-done-when">{commitment.successCondition}</p>
        <p class="muted time" data-testid="block-time">
          {times.leftMs !== undefined
            ? `${formatDuration(times.leftMs)} left in the timebox`
            : `${formatDuration(times.elapsedMs)} into the session`}
        </p>
      </section>
      <div class="row wrap">
        <button ref={back} type="button" class="primary" autoFocus data-testid="block-back" onClick={() => void backToTask()}>
          Back to task
        </button>
      </div>
      {stuck ? (
        <p role="status" data-testid="block-stuck">
          {NOTHING_TO_GO_BACK_TO}
        </p>
      ) : null}
    </main>
  );
}

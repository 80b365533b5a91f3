// The block page: what a strict session shows instead of a blocked site — the commitment, the time, Back to task focused, Save for later.
import { useEffect, useRef, useState } from 'preact/hooks';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { useNow, useStatePush } from '../../ui/connection/use-state-push';
import { formatDuration, sessionTimes } from '../../ui/format';
import { blockStatus, siteAddress } from './block-status';

export interface BlockPageProps {
  /** The blocked-list entry that sent the navigation here (`?site=`). */
  site: string;
  /** The one address this page stands in for (after `#`), when it is one a tab can open again: Save for later keeps it. */
  address: string | undefined;
  /** Goes back in this tab's history; false when there is nothing to go back to. */
  goBack(): boolean;
}

const NOTHING_TO_GO_BACK_TO = 'Nothing to go back to — open your task.';
const SAVED = 'Saved for later: it is on your Later list, for after the session.';

/** What the page says after an answer: nowhere to go back to, kept for later, or why it was not. */
type Said = { kind: 'stuck' | 'saved' | 'refused'; text: string } | null;

export function BlockPage({ site, address, goBack }: BlockPageProps) {
  const client = useClient();
  const push = useStatePush(client);
  const now = useNow(client, true);
  const [said, setSaid] = useState<Said>(null);
  const back = useRef<HTMLButtonElement>(null);
  const shown = site || 'This site';

  useEffect(() => {
    // Once per page: the background counts the pull (it does not depend on what the page then shows).
    if (site) void client.request({ type: 'navigationBlocked', site });
  }, [client, site]);

  const status = push ? blockStatus(push.view, site, now) : null;
  const blocked = status?.blocked === true;
  const saved = said?.kind === 'saved';
  useEffect(() => {
    // The focused default: Enter or Space takes the person back (autofocus alone misses a button rendered after load);
    // again once Save for later, pressed, has gone.
    if (blocked) back.current?.focus();
  }, [blocked, saved]);

  const backToTask = async () => {
    const reply = await client.request({ type: 'blockPageBackToTask' });
    if (reply.ok && reply.value.went === 'tab') return;
    if (!goBack()) setSaid({ kind: 'stuck', text: NOTHING_TO_GO_BACK_TO });
  };

  const saveForLater = async (url: string) => {
    const reply = await client.request({ type: 'blockPageSaveForLater', site, url });
    if (!reply.ok) return setSaid({ kind: 'refused', text: replyError(reply) });
    // Kept: this tab stays behind the task, saying so; with no task tab to go to, it goes back itself.
    setSaid({ kind: 'saved', text: reply.value.went === 'tab' || goBack() ? SAVED : `${SAVED} ${NOTHING_TO_GO_BACK_TO}` });
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
        {address && !saved ? (
          <button type="button" data-testid="block-save-later" onClick={() => void saveForLater(address)}>
            Save for later
          </button>
        ) : null}
      </div>
      {said ? (
        <p role="status" data-testid={`block-${said.kind}`}>
          {said.text}
        </p>
      ) : null}
    </main>
  );
}

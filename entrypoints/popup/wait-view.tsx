// A strict session's wait before ending early or pausing: the commitment and the countdown, with Keep going first.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionView } from '../../shared/core/controller/surface-view';
import { strictNow } from '../../shared/core/session-blocking';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { useNow } from '../../ui/connection/use-state-push';
import { capitalize, formatDuration, sessionTimes } from '../../ui/format';

/**
 * What a screen reader hears of the countdown: every half minute, at ten seconds, and when it is over,
 * not every second (the visible timer is not live).
 */
export function waitAnnouncement(leftMs: number, what: string): string {
  const seconds = Math.ceil(leftMs / 1000);
  if (seconds <= 0) return `You can go ahead with ${what} now.`;
  if (seconds <= 10) return '10 seconds left.';
  return `Up to ${Math.ceil(seconds / 30) * 30} seconds left.`;
}

export function WaitView({ session }: { session: SessionView }) {
  const client = useClient();
  const now = useNow(client, true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const keepGoing = useRef<HTMLButtonElement>(null);
  // The way out of the wait is the default: Enter or a stray click keeps the session going.
  useEffect(() => keepGoing.current?.focus(), []);
  const wait = session.wait;
  if (!wait) return null;

  const ending = wait.purpose === 'end';
  const what = ending ? 'ending early' : 'pausing';
  const leftMs = wait.readyAt - now;
  // After the timebox, strictness is over: nothing is left to wait for.
  const ready = leftMs <= 0 || !strictNow(session, now);
  const waitSeconds = Math.round((wait.readyAt - wait.startedAt) / 1000);
  const times = sessionTimes(session, now);

  const send = async (type: 'cancelWait' | 'endSession' | 'pauseSession') => {
    setBusy(true);
    setError('');
    const reply = await client.request({ type });
    setBusy(false);
    if (!reply.ok) setError(capitalize(replyError(reply)));
  };

  return (
    <div class="stack wait">
      <h1 class="title">{ending ? 'End this session early?' : 'Pause this session?'}</h1>
      <section class="commitment" aria-label="Your commitment" data-testid="commitment-text">
        <p class="next-action">{session.commitment.nextAction}</p>
        <p class="muted">Done when: {session.commitment.successCondition}</p>
      </section>
      <p class="muted clock" data-testid="wait-session-left">
        {times.leftMs === undefined
          ? `No timebox · ${formatDuration(times.elapsedMs)} so far`
          : times.leftMs > 0
            ? `${formatDuration(times.leftMs)} left in this session`
            : "This session's time is up"}
      </p>
      <p class="wait-countdown" role="timer" aria-live="off" aria-label="Time left to wait" data-testid="wait-countdown">
        {formatDuration(ready ? 0 : leftMs)}
      </p>
      <p class="visually-hidden" aria-live="polite" data-testid="wait-announce">
        {waitAnnouncement(ready ? 0 : leftMs, what)}
      </p>
      <p data-testid="wait-words">
        {capitalize(what)} waits {waitSeconds} s — or keep going.
      </p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="actions spread">
        <button
          type="button"
          class="primary"
          ref={keepGoing}
          data-testid="keep-going"
          disabled={busy}
          onClick={() => void send('cancelWait')}
        >
          Keep going
        </button>
        <button
          type="button"
          class={ending ? 'danger' : undefined}
          data-testid="wait-confirm"
          disabled={busy || !ready}
          onClick={() => void send(ending ? 'endSession' : 'pauseSession')}
        >
          {ending ? 'End session now' : 'Pause now'}
        </button>
      </div>
    </div>
  );
}

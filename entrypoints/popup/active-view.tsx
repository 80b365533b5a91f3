// The popup during a session: commitment, clock, status, drift banner / heads-up, pause and end (a strict session's wait first).
import { useState } from 'preact/hooks';
import type { StatePush } from '../../shared/messages/pushes';
import { strictNow } from '../../shared/core/session-blocking';
import type { RequestOf, RequestType } from '../../shared/messages/requests';
import { DriftBanner } from '../../ui/components/drift-banner';
import { LaterList } from '../../ui/components/later-list';
import { LaterCount } from '../../ui/components/later-count';
import { HeadsUp } from '../../ui/components/heads-up';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { capitalize, formatClock, formatDuration, formatSpan, rhythmWords, sessionTimes, statusWords } from '../../ui/format';
import type { HistoryStatus } from './use-history-status';
import { SessionTimeline } from '../../ui/components/session-timeline';
import { PlaceLine } from './place-line';
import { useNow } from '../../ui/connection/use-state-push';

export function ActiveView({ push, history }: { push: StatePush; history: HistoryStatus | null }) {
  const progress = history?.progress ?? null;
  const band = history?.band ?? [];
  const client = useClient();
  const { view } = push;
  const session = view.session;
  const paused = view.phase === 'paused';
  const now = useNow(client, !paused);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [dismissedHere, setDismissedHere] = useState<string | null>(null);
  if (!session) return null;

  const send = async <T extends RequestType>(req: RequestOf<T>) => {
    setBusy(true);
    setError('');
    const reply = await client.request(req);
    setBusy(false);
    if (!reply.ok) setError(replyError(reply));
  };

  const times = sessionTimes(session, now);
  // Shown as the background decided; a dismissal here hides it before the next push confirms it.
  const nudge = view.nudge && view.nudge.message !== dismissedHere ? view.nudge.message : null;
  const status = statusWords(view);
  const onBreak = view.rhythm?.phase === 'break';
  const pillKind = paused ? 'paused' : onBreak ? 'break' : view.away ? 'away' : view.status;
  const marks = sessionMarks(session, now);
  // Read at the click, not the last tick: a paused view's clock stands still, and strictness ends with the timebox.
  const endOrPause = (purpose: 'end' | 'pause') => {
    if (strictNow(session, client.now())) void send({ type: 'beginWait', purpose });
    else void send(purpose === 'end' ? { type: 'endSession' } : { type: 'pauseSession' });
  };

  return (
    <div class="stack">
      <h1 class="visually-hidden">Focus session</h1>
      <header class="session-head">
        <span class="head-pills">
          <span class={`pill status-${pillKind}`} data-testid="status">
            {capitalize(status)}
          </span>
          {marks ? (
            <span class="pill strict-mark" data-testid="session-marks">
              {marks}
            </span>
          ) : null}
        </span>
        <span class="clock">
          <span class="muted">Elapsed </span>
          <time data-testid="elapsed">{formatDuration(times.elapsedMs)}</time>
          {times.leftMs !== undefined ? (
            <>
              <span class="muted"> · </span>
              <span data-testid="time-left" class={times.leftMs <= 0 ? 'over' : ''}>
                {times.leftMs > 0 ? `${formatDuration(times.leftMs)} left` : "time's up"}
              </span>
            </>
          ) : null}
        </span>
      </header>
      <section class="commitment" aria-label="Your commitment" data-testid="commitment-text">
        <p class="next-action">{session.commitment.nextAction}</p>
        <p class="muted">Done when: {session.commitment.successCondition}</p>
        {session.commitment.involves ? (
          <p class="muted" data-testid="commitment-involves">
            Involves: {session.commitment.involves}
          </p>
        ) : null}
      </section>
      {view.rhythm ? (
        <p class={onBreak ? 'rhythm on-break' : 'rhythm muted'} data-testid="rhythm" role="timer" aria-live="off">
          {rhythmWords(view.rhythm, now)}
        </p>
      ) : null}
      {/* The break is the time for what was saved instead of followed. */}
      {onBreak ? <LaterList /> : <LaterCount />}
      {progress ? (
        <p class="progress muted" data-testid="progress">
          Focused <strong data-testid="focused">{formatSpan(progress.focusedMs)}</strong> · drifted{' '}
          <strong data-testid="drifted">{formatSpan(progress.driftMs)}</strong>
          {progress.lastDrift ? (
            <>
              {' '}
              · last drift <span data-testid="last-drift">{progress.lastDrift.place}</span> at {formatClock(progress.lastDrift.at)}
            </>
          ) : null}
        </p>
      ) : null}
      {view.place ? <PlaceLine place={view.place} /> : null}
      {band.length ? (
        <div class="session-band" data-testid="session-band">
          <SessionTimeline
            session={{ segments: band, driftAt: band.filter((b) => b.kind === 'drifting').map((b) => b.start), nudgeAt: [] }}
            from={session.startedAt}
            to={Math.max(now, band.at(-1)!.end)}
          />
        </div>
      ) : null}
      {view.banner ? (
        <DriftBanner
          banner={view.banner}
          place={view.place}
          now={now}
          busy={busy}
          onBack={() => void send({ type: 'driftBackToTask' })}
          onOnTask={() => void send({ type: 'driftOnTask' })}
          onSaveForLater={() => void send({ type: 'driftSaveForLater' })}
        />
      ) : null}
      {nudge !== null ? (
        <HeadsUp
          message={nudge}
          onDismiss={() => {
            setDismissedHere(nudge);
            void send({ type: 'nudgeDismiss', message: nudge });
          }}
        />
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="actions spread">
        {paused ? (
          <button type="button" class="primary" data-testid="resume" disabled={busy} onClick={() => void send({ type: 'resumeSession' })}>
            Resume
          </button>
        ) : (
          <button type="button" data-testid="pause" disabled={busy} onClick={() => endOrPause('pause')}>
            Pause
          </button>
        )}
        <button type="button" class="danger" data-testid="end-session" disabled={busy} onClick={() => endOrPause('end')}>
          End session
        </button>
      </div>
    </div>
  );
}

/** "Strict", "Strict · allowlist only", "Allowlist only": how the session is run, beside its status (none for an ordinary one). */
export function sessionMarks(session: NonNullable<StatePush['view']['session']>, now: number): string {
  return capitalize([strictNow(session, now) ? 'strict' : '', session.allowlistOnly ? 'allowlist only' : ''].filter(Boolean).join(' · '));
}

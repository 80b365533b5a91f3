// The range's sessions, newest first: commitment (and what it involved), times, review, a strict session's tally, the timeline band; fifty at a time.
import { useState } from 'preact/hooks';
import type { SessionSummary } from '../../shared/history/aggregate';
import type { EndReason, StrictTally } from '../../shared/history/history-records';
import { ANSWER_WORDS, clock, day, plural, span } from './format';
import { SessionTimeline, TimelineLegend } from '../../ui/components/session-timeline';

export const SESSIONS_PER_PAGE = 50;

const END_WORDS: Record<EndReason, string> = {
  ended: 'ended',
  timeboxElapsed: 'ended after its timebox',
  replaced: 'replaced by a new session',
  lost: 'lost (the browser closed)',
};

function SessionItem({ s, from, to, now }: { s: SessionSummary; from: number; to: number; now: number }) {
  const end = s.endedAt ?? now;
  const status = s.endedAt === null ? 'running' : s.endReason ? END_WORDS[s.endReason] : 'ended';
  const review = s.review ? `Success condition ${ANSWER_WORDS[s.review.answer]}` : 'Not reviewed';
  const clipped = s.startedAt < from || end > to;
  return (
    <li class="session" data-testid="session">
      <h3 class="session-title">{s.nextAction || '(no commitment)'}</h3>
      {s.involves ? (
        <p class="session-meta" data-testid="session-involves">
          Involves: {s.involves}
        </p>
      ) : null}
      <p class="session-meta">
        {day(s.startedAt)}, {clock(s.startedAt)}–{s.endedAt === null ? 'now' : clock(end)} · {span(end - s.startedAt)} · {status}
      </p>
      <p class="session-meta">
        <span data-testid="session-review">{review}</span>
        {s.review?.note ? ` — “${s.review.note}”` : ''}
      </p>
      {s.strict ? (
        <p class="session-meta">
          <span class="tag" data-testid="session-strict">
            Strict
          </span>{' '}
          <span data-testid="strict-tally">{s.strictTally ? strictWords(s.strictTally) : ''}</span>
        </p>
      ) : null}
      <SessionTimeline session={s} from={Math.max(s.startedAt, from)} to={Math.min(end, to)} />
      <p class="session-meta">
        {span(s.ms.ontask)} focused · {span(s.ms.drifting)} drifting · {s.ms.break ? `${span(s.ms.break)} on breaks · ` : ''}
        {span(s.ms.away)} away · {span(s.ms.paused)} paused · {plural(s.episodes, 'drift episode')}
        {s.episodes ? ` (${answerWords(s.answers)})` : ''} · {plural(s.nudges, 'heads-up', 'heads-ups')}
        {s.nudgesDismissed ? ` (${s.nudgesDismissed} dismissed)` : ''}
        {clipped ? ' (the part inside the shown range)' : ''}
      </p>
    </li>
  );
}

export function SessionList({ sessions, from, to, now }: { sessions: readonly SessionSummary[]; from: number; to: number; now: number }) {
  const [shown, setShown] = useState(SESSIONS_PER_PAGE);
  return (
    <section class="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      {sessions.length === 0 ? (
        <p class="muted">No sessions in this range.</p>
      ) : (
        <>
          <TimelineLegend />
          <ol class="sessions">
            {sessions.slice(0, shown).map((s) => (
              <SessionItem key={s.key} s={s} from={from} to={to} now={now} />
            ))}
          </ol>
          {sessions.length > shown ? (
            <button type="button" data-testid="show-more" onClick={() => setShown(shown + SESSIONS_PER_PAGE)}>
              Show more ({sessions.length - shown} more)
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

const CHOICE_WORDS: Record<keyof SessionSummary['answers'], string> = {
  backToTask: 'back to task',
  onTask: 'on task after all',
  endSession: 'ended the session',
  dismissed: 'dismissed',
  savedForLater: 'saved for later',
  ignored: 'ignored',
};

/** "2 back to task, 1 ignored": how the episodes were answered, in the order a person reads them. */
export function answerWords(answers: SessionSummary['answers']): string {
  return (Object.keys(CHOICE_WORDS) as Array<keyof SessionSummary['answers']>)
    .filter((k) => answers[k] > 0)
    .map((k) => `${answers[k]} ${CHOICE_WORDS[k]}`)
    .join(', ');
}

/**
 * "3 blocked visits · 2 waits: 1 kept going, 1 went ahead": what the block page stopped, and how the waits
 * to end early or pause went (kept going: the wait was left; went ahead: it ran out and the session ended or paused).
 */
export function strictWords(t: StrictTally): string {
  const visits = plural(t.blockedNavigations, 'blocked visit');
  if (t.waitsStarted === 0) return `${visits} · no waits`;
  const how = [t.waitsAbandoned ? `${t.waitsAbandoned} kept going` : '', t.waitsGoneThrough ? `${t.waitsGoneThrough} went ahead` : '']
    .filter(Boolean)
    .join(', ');
  return `${visits} · ${plural(t.waitsStarted, 'wait')}${how ? `: ${how}` : ''}`;
}

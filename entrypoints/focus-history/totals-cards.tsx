// The range's headline numbers: focused, drift, breaks, away, sessions, and how often the success condition was met.
import { sumAnswers, type HistorySummary } from '../../shared/history/aggregate';
import { span } from './format';
import { answerWords } from './session-list';

export function TotalsCards({ summary, label }: { summary: HistorySummary; label: string }) {
  const t = summary.totals;
  // How the range's drifts were answered, summed over its sessions: Save for later beside Back to task and the rest.
  const answered = answerWords(sumAnswers(summary.perSession.map((s) => s.answers)));
  const cards = [
    { id: 'focused', name: 'Focused', value: span(t.ontask) },
    { id: 'drift', name: 'Drift', value: span(t.drifting) },
    { id: 'break', name: 'Breaks', value: span(t.break) },
    { id: 'away', name: 'Away', value: span(t.away) },
    { id: 'sessions', name: 'Sessions', value: String(summary.sessions) },
    { id: 'met', name: 'Success condition met', value: `${summary.met} of ${summary.answered}` },
  ];
  return (
    <section class="card" aria-labelledby="totals-title">
      <h2 id="totals-title">Totals {label}</h2>
      <dl class="totals">
        {cards.map((c) => (
          <div key={c.id} class="total" data-testid={`total-${c.id}`}>
            <dt>{c.name}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
      <p class="hint">
        {answered ? <span data-testid="total-answers">Drifts: {answered}. </span> : null}
        “Met” counts sessions you reviewed with “yes”, out of all you reviewed; “partly” counts as reviewed, not met.
        {t.unsure || t.paused ? ` Also ${span(t.unsure)} not sure (no verdict yet) and ${span(t.paused)} paused.` : ''}
      </p>
    </section>
  );
}

// What the AI cost in the range: judge and nudge calls per day and per hour of session time, by backend, with failures.
import type { CostRow } from '../../shared/history/aggregate';
import { rate } from './format';
import { TableHead } from '../../ui/components/table-head';

const ROLE_WORDS = { judge: 'Drift judge', nudge: 'Heads-up' } as const;

export function CostTable({ rows, days }: { rows: readonly CostRow[]; days: number }) {
  return (
    <section class="card" aria-labelledby="cost-title">
      <h2 id="cost-title">AI calls</h2>
      {rows.length === 0 ? (
        <p class="muted">No AI calls in this range.</p>
      ) : (
        <table class="data" data-testid="cost-table">
          <caption class="visually-hidden">AI calls by role and backend, over {days === 1 ? '1 day' : `${days} days`}</caption>
          <TableHead columns={['Role', 'Backend', 'Calls', 'Failed', 'Per day', 'Per session hour']} />
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.role}-${r.backend}`} data-testid="cost-row">
                <th scope="row">{ROLE_WORDS[r.role]}</th>
                <td>{r.backend}</td>
                <td>{r.calls}</td>
                <td>{r.failed}</td>
                <td>{rate(r.perDay)}</td>
                <td>{r.perSessionHour === null ? '—' : rate(r.perSessionHour)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="hint">Session time is all time in sessions except pauses.</p>
    </section>
  );
}

// Focused vs drifting minutes per local day, as a plain SVG bar chart with its numbers in a table.
//
// No chart library: a bar chart is a few rects, a library would multiply the page's bundle, and
// owning the markup is what lets every bar be focusable, titled and backed by a real table.
import type { DayBucket } from '../../shared/history/aggregate';
import { day, minutes, shortDay, span } from './format';
import { TableHead } from '../../ui/components/table-head';

const HEIGHT = 160;
const TOP = 8;
const BOTTOM = 22;
const LEFT = 40;
/** A day's column and bar widths: roomy for a week (its labels are "30 Mon"), narrow for long ranges. */
const WIDE = { group: 60, bar: 20 };
const NARROW = { group: 30, bar: 11 };

/** A round top for the axis: 10, 20, 50, 100… minutes. */
function niceMax(value: number): number {
  const steps = [10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 600, 720, 960, 1440];
  return steps.find((s) => s >= value) ?? Math.ceil(value / 60) * 60;
}

function describe(d: DayBucket): string {
  const breaks = d.ms.break ? `, ${span(d.ms.break)} on breaks` : '';
  const away = d.ms.away ? `, ${span(d.ms.away)} away` : '';
  return `${day(d.start)}: ${span(d.ms.ontask)} focused, ${span(d.ms.drifting)} drifting${breaks}${away}`;
}

export function DayChart({ days }: { days: readonly DayBucket[] }) {
  if (days.length === 0) return null;
  const max = niceMax(Math.max(1, ...days.map((d) => Math.max(minutes(d.ms.ontask), minutes(d.ms.drifting)))));
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (ms: number) => (Math.min(minutes(ms), max) / max) * plot;
  const { group, bar } = days.length <= 14 ? WIDE : NARROW;
  const width = LEFT + days.length * group + 8;
  // Every label while they fit; otherwise one a week.
  const labelEvery = days.length <= 16 ? 1 : 7;
  const focused = days.reduce((n, d) => n + d.ms.ontask, 0);
  const drifting = days.reduce((n, d) => n + d.ms.drifting, 0);
  const best = days.reduce((a, b) => (b.ms.ontask > a.ms.ontask ? b : a));
  const summary =
    `Focused and drifting minutes per day, ${day(days[0]!.start)} to ${day(days[days.length - 1]!.start)}: ` +
    `${span(focused)} focused, ${span(drifting)} drifting in all` +
    (best.ms.ontask > 0 ? `; most focused ${day(best.start)} (${span(best.ms.ontask)}).` : '.');

  return (
    <section class="card" aria-labelledby="days-title">
      <h2 id="days-title">Per day</h2>
      <div class="chart-scroll">
        {/* A labelled group, not role=img: an img's children are presentational, and each bar here is focusable. */}
        <svg
          class="day-chart"
          role="group"
          aria-label={summary}
          data-testid="day-chart"
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
        >
          <g aria-hidden="true" class="axis">
            {[0, max / 2, max].map((m) => {
              const at = TOP + plot - (m / max) * plot;
              return (
                <g key={m}>
                  <line x1={LEFT - 4} x2={width} y1={at} y2={at} />
                  <text x={LEFT - 8} y={at + 4} text-anchor="end">
                    {m >= 60 ? `${Math.round((m / 60) * 10) / 10} h` : `${m} m`}
                  </text>
                </g>
              );
            })}
          </g>
          {days.map((d, i) => {
            const x = LEFT + i * group + 4;
            const label = describe(d);
            return (
              <g key={d.key} class="day-bar" role="img" tabindex={0} aria-label={label} data-testid="day-bar">
                <title>{label}</title>
                <rect class="kind-ontask" x={x} y={TOP + plot - y(d.ms.ontask)} width={bar} height={y(d.ms.ontask)} />
                <rect class="kind-drifting" x={x + bar + 1} y={TOP + plot - y(d.ms.drifting)} width={bar} height={y(d.ms.drifting)} />
                {i % labelEvery === 0 ? (
                  <text x={x + bar} y={HEIGHT - 6} text-anchor="middle" aria-hidden="true">
                    {shortDay(d.start)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <ul class="legend" aria-label="Bars">
        <li>
          <span class="swatch kind-ontask" aria-hidden="true" /> focused (left bar)
        </li>
        <li>
          <span class="swatch kind-drifting" aria-hidden="true" /> drifting (right bar)
        </li>
      </ul>
      <details>
        <summary>Numbers per day</summary>
        <table class="data" data-testid="day-table">
          <TableHead columns={['Day', 'Focused', 'Drifting', 'Breaks', 'Away']} />
          <tbody>
            {days.map((d) => (
              <tr key={d.key}>
                <th scope="row">{day(d.start)}</th>
                <td>{span(d.ms.ontask)}</td>
                <td>{span(d.ms.drifting)}</td>
                <td>{span(d.ms.break)}</td>
                <td>{span(d.ms.away)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

// One session's band: a rect per segment coloured by kind, ticks where drift episodes began and heads-ups showed.
import type { SessionSummary } from '../../shared/history/aggregate';
import { bandsOf } from '../../shared/history/bands';
import { formatClock as clock } from '../format';
import { KIND_ORDER, KIND_WORDS } from '../kind-words';

const WIDTH = 1000;
const HEIGHT = 22;
const BAND_TOP = 6;

/** Places named in a band's title; more are counted. */
const MAX_PLACES = 3;

/** "drifting · youtube.com · 10:04–10:09"; a merged band names up to three places ("a, b, c and 2 more"). */
export function bandLabel(kind: keyof typeof KIND_WORDS, places: readonly string[], start: number, end: number): string {
  const more = places.length - MAX_PLACES;
  const where = places.slice(0, MAX_PLACES).join(', ') + (more > 0 ? ` and ${more} more` : '');
  return [KIND_WORDS[kind], where, `${clock(start)}–${clock(end)}`].filter(Boolean).join(' · ');
}

/** What a band needs of a session: its segments, and the moments drift episodes began and heads-ups showed. */
export type BandSession = Pick<SessionSummary, 'segments' | 'driftAt' | 'nudgeAt'>;

export function SessionTimeline({ session, from, to }: { session: BandSession; from: number; to: number }) {
  const length = Math.max(1, to - from);
  const x = (at: number) => ((Math.min(Math.max(at, from), to) - from) / length) * WIDTH;
  return (
    <svg
      class="timeline"
      role="group"
      aria-label={`Timeline from ${clock(from)} to ${clock(to)}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      data-testid="timeline"
    >
      <rect class="timeline-track" x={0} y={BAND_TOP} width={WIDTH} height={HEIGHT - BAND_TOP} aria-hidden="true" />
      {bandsOf(session.segments).map((s) => {
        const label = bandLabel(s.kind, s.places, s.start, s.end);
        return (
          <rect
            key={s.start}
            class={`kind-${s.kind}`}
            x={x(s.start)}
            y={BAND_TOP}
            // At least a hairline: a few seconds of drift in a long session must still be visible.
            width={Math.max(1, x(s.end) - x(s.start))}
            height={HEIGHT - BAND_TOP}
            role="img"
            aria-label={label}
            // Lower-case: on SVG elements attribute names are case-sensitive, and Preact sets SVG props as attributes.
            tabindex={0}
            data-testid="segment"
          >
            <title>{label}</title>
          </rect>
        );
      })}
      <g aria-hidden="true">
        {session.driftAt.map((at, i) => (
          <path key={`d${i}`} class="tick-drift" d={`M${x(at) - 4} 0 L${x(at) + 4} 0 L${x(at)} ${BAND_TOP} Z`} />
        ))}
        {session.nudgeAt.map((at, i) => (
          <rect key={`n${i}`} class="tick-nudge" x={x(at) - 1} y={0} width={2} height={BAND_TOP} />
        ))}
      </g>
    </svg>
  );
}

/** What the colours and ticks mean, shown once above the list. */
export function TimelineLegend() {
  return (
    <ul class="legend" aria-label="Timeline colours">
      {KIND_ORDER.map((kind) => (
        <li key={kind}>
          <span class={`swatch kind-${kind}`} aria-hidden="true" /> {KIND_WORDS[kind]}
        </li>
      ))}
      <li>
        <svg class="legend-tick" width="10" height="8" aria-hidden="true">
          <path class="tick-drift" d="M1 0 L9 0 L5 8 Z" />
        </svg>{' '}
        drift episode began
      </li>
      <li>
        <svg class="legend-tick" width="10" height="8" aria-hidden="true">
          <rect class="tick-nudge" x="4" y="0" width="2" height="8" />
        </svg>{' '}
        heads-up shown
      </li>
    </ul>
  );
}

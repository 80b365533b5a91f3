// Which stretch of history the page shows: today, this week (from Monday), or two chosen days.
import type { PageCalendar, RangeChoice } from '../../locale/local-calendar';

interface Props {
  choice: RangeChoice;
  onChoose(choice: RangeChoice): void;
  now: number;
  calendar: PageCalendar;
  span: { first: number; last: number } | null;
}

const PRESETS = [
  { kind: 'today', label: 'Today' },
  { kind: 'week', label: 'This week' },
  { kind: 'custom', label: 'Chosen range' },
] as const;

export function RangePicker({ choice, onChoose, now, calendar, span }: Props) {
  const today = calendar.dayKey(now);
  const min = span ? calendar.dayKey(span.first) : undefined;
  const pick = (kind: RangeChoice['kind']) => {
    if (kind !== 'custom') return onChoose({ kind });
    // A chosen range starts as the last seven days, stepped back by calendar day (a clock change keeps it seven).
    let from = calendar.startOfDay(now);
    for (let n = 0; n < 6; n++) from = calendar.startOfDay(from - 1);
    onChoose(choice.kind === 'custom' ? choice : { kind, from: calendar.dayKey(from), to: today });
  };
  return (
    <fieldset class="range-picker">
      <legend>Show</legend>
      <div class="range-presets">
        {PRESETS.map((p) => (
          <label key={p.kind} class="range-preset">
            <input
              type="radio"
              name="range"
              value={p.kind}
              checked={choice.kind === p.kind}
              onChange={() => pick(p.kind)}
              data-testid={`range-${p.kind}`}
            />
            {p.label}
          </label>
        ))}
      </div>
      {choice.kind === 'custom' ? (
        <div class="range-dates">
          <DateInput
            edge="from"
            label="From"
            value={choice.from}
            min={min}
            max={today}
            onChange={(from) => onChoose({ ...choice, from })}
          />
          <DateInput edge="to" label="To" value={choice.to} min={min} max={today} onChange={(to) => onChoose({ ...choice, to })} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** One end of the chosen range; a cleared field changes nothing. */
function DateInput(p: {
  edge: 'from' | 'to';
  label: string;
  value: string;
  min: string | undefined;
  max: string;
  onChange(value: string): void;
}) {
  const id = `range-${p.edge}`;
  return (
    <>
      <label for={id}>{p.label}</label>
      <input
        id={id}
        type="date"
        value={p.value}
        min={p.min}
        max={p.max}
        data-testid={id}
        onChange={(e) => e.currentTarget.value && p.onChange(e.currentTarget.value)}
      />
    </>
  );
}

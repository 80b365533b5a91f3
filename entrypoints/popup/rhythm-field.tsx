// The start form's Rhythm field: none, a common work/break rhythm, or a custom one checked in words.
import { useRef, useState } from 'preact/hooks';
import { RHYTHM_BREAK_MINUTES, RHYTHM_WORK_MINUTES } from '../../shared/core/core-limits';
import { rhythmText, type Rhythm } from '../../shared/core/rhythm';
import { capitalize } from '../../ui/format';

/** The rhythms offered by name; anything else is Custom. */
export const RHYTHM_PRESETS: readonly Rhythm[] = [
  { workMinutes: 25, breakMinutes: 5 },
  { workMinutes: 50, breakMinutes: 10 },
  { workMinutes: 90, breakMinutes: 15 },
];

const NONE = 'none';
const CUSTOM = 'custom';

interface Draft {
  /** NONE, CUSTOM, or a preset written "25/5". */
  choice: string;
  work: string;
  break: string;
}

/** What the form reads and sets: the rhythm to start with, and why a custom one cannot be used. */
export interface RhythmFieldState {
  /** The rhythm the session starts with; null for None, or for a custom rhythm with a problem. */
  readonly value: Rhythm | null;
  /** Shows this rhythm (a template's): its preset when it is one, else Custom with its numbers. */
  onChange(rhythm: Rhythm | null): void;
  /** Why the custom rhythm cannot be used, in words; undefined when it can (or none is chosen). */
  problem(): string | undefined;
  /** Puts the focus where the problem is. */
  focus(): void;
  readonly draft: Draft;
  readonly setDraft: (draft: Draft) => void;
  readonly refs: { work: { current: HTMLInputElement | null }; break: { current: HTMLInputElement | null } };
}

/** Why a typed number of minutes is not one the rhythm takes, or undefined. */
function minutesProblem(text: string, range: { min: number; max: number }, what: string): string | undefined {
  const minutes = Number(text);
  if (!text.trim() || !Number.isInteger(minutes) || minutes < range.min || minutes > range.max)
    return `${what}: whole minutes, ${range.min} to ${range.max}`;
  return undefined;
}

function problemsOf(draft: Draft): { work?: string; break?: string } {
  if (draft.choice !== CUSTOM) return {};
  const work = minutesProblem(draft.work, RHYTHM_WORK_MINUTES, 'work');
  const rest = minutesProblem(draft.break, RHYTHM_BREAK_MINUTES, 'break');
  return { ...(work ? { work } : {}), ...(rest ? { break: rest } : {}) };
}

function draftOf(rhythm: Rhythm | null): Draft {
  if (!rhythm) return { choice: NONE, work: '', break: '' };
  const preset = RHYTHM_PRESETS.some((p) => rhythmText(p) === rhythmText(rhythm));
  return { choice: preset ? rhythmText(rhythm) : CUSTOM, work: String(rhythm.workMinutes), break: String(rhythm.breakMinutes) };
}

function valueOf(draft: Draft): Rhythm | null {
  if (draft.choice === NONE) return null;
  if (draft.choice === CUSTOM) {
    const p = problemsOf(draft);
    return p.work || p.break ? null : { workMinutes: Number(draft.work), breakMinutes: Number(draft.break) };
  }
  return RHYTHM_PRESETS.find((p) => rhythmText(p) === draft.choice) ?? null;
}

export function useRhythmField(initial: Rhythm | null = null): RhythmFieldState {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const work = useRef<HTMLInputElement>(null);
  const rest = useRef<HTMLInputElement>(null);
  const problems = problemsOf(draft);
  return {
    value: valueOf(draft),
    onChange: (rhythm) => setDraft(draftOf(rhythm)),
    problem: () => problems.work ?? problems.break,
    focus: () => (problems.work ? work : rest).current?.focus(),
    draft,
    setDraft,
    refs: { work, break: rest },
  };
}

/** The select, and for Custom the two numbers; their errors show once Start was tried. */
export function RhythmField({ field, showErrors }: { field: RhythmFieldState; showErrors: boolean }) {
  const { draft, setDraft } = field;
  const problems = showErrors ? problemsOf(draft) : {};
  const choose = (choice: string) => {
    // Custom starts from the rhythm shown before, so a small change is a small edit.
    const shown = field.value ?? RHYTHM_PRESETS[0]!;
    setDraft(choice === CUSTOM ? { choice, work: String(shown.workMinutes), break: String(shown.breakMinutes) } : { ...draft, choice });
  };
  const minutesInput = (key: 'work' | 'break', label: string, range: { min: number; max: number }) => (
    <div class="field inline">
      <label for={`rhythm-${key}`}>{label}</label>
      <input
        id={`rhythm-${key}`}
        ref={field.refs[key]}
        type="number"
        min={range.min}
        max={range.max}
        step={1}
        inputMode="numeric"
        data-testid={`rhythm-${key}`}
        value={draft[key]}
        aria-invalid={problems[key] ? 'true' : undefined}
        aria-describedby={problems[key] ? `rhythm-${key}-error` : undefined}
        onInput={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
      />
    </div>
  );
  return (
    <>
      {/* Short option texts: the select shares the timebox's row (popup.css), and the description says what they mean. */}
      <div class="field inline rhythm-choice">
        <label for="rhythm">Rhythm</label>
        <select
          id="rhythm"
          data-testid="rhythm-choice"
          aria-describedby="rhythm-hint"
          value={draft.choice}
          onChange={(e) => choose(e.currentTarget.value)}
        >
          <option value={NONE}>None</option>
          {RHYTHM_PRESETS.map((p) => (
            <option key={rhythmText(p)} value={rhythmText(p)}>
              {rhythmText(p)}
            </option>
          ))}
          <option value={CUSTOM}>Custom</option>
        </select>
        <span id="rhythm-hint" class="visually-hidden">
          minutes of work, then minutes of break, again and again
        </span>
      </div>
      {draft.choice === CUSTOM ? (
        <>
          <div class="rhythm-custom">
            {minutesInput('work', 'Work (min)', RHYTHM_WORK_MINUTES)}
            {minutesInput('break', 'Break (min)', RHYTHM_BREAK_MINUTES)}
          </div>
          {(['work', 'break'] as const).map((key) =>
            problems[key] ? (
              <p key={key} class="error" id={`rhythm-${key}-error`}>
                {capitalize(problems[key])}.
              </p>
            ) : null,
          )}
        </>
      ) : null}
    </>
  );
}

// An editable list of apps/sites as chips: Enter or comma adds (validated), × removes.
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { checkEntry } from '../../shared/core/list-entry';

export interface ChipsEditorProps {
  id: string;
  label: string;
  entries: readonly string[];
  onChange(entries: string[]): void;
  /** data-testid of the text input; the wrapper gets `${wrapperTestId}` with data-entries (JSON). */
  inputTestId: string;
  wrapperTestId: string;
  placeholder?: string;
  hint?: string;
  /** Shares the label's row, at its end (the popup's strict checkboxes: they add no height to a full popup). */
  aside?: ComponentChildren;
}

/** Splits pasted or typed text on commas, newlines and spaces between entries. */
function pieces(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The chips themselves, each with its remove button; the list's own attributes come from the caller. */
export function ChipList({
  entries,
  onRemove,
  ...list
}: { entries: readonly string[]; onRemove(entry: string): void } & JSX.HTMLAttributes<HTMLUListElement>) {
  return (
    <ul {...list}>
      {entries.map((entry) => (
        <li class="chip" data-testid="chip" key={entry}>
          <span>{entry}</span>
          <button type="button" class="chip-remove" aria-label={`Remove ${entry}`} onClick={() => onRemove(entry)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ChipsEditor(props: ChipsEditorProps) {
  const { id, label, entries, onChange, inputTestId, wrapperTestId, placeholder, hint, aside } = props;
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  /** Adds what is typed; returns false (and says why) when something was not a valid entry. */
  const commit = (raw: string): boolean => {
    const next = [...entries];
    const rejected: string[] = [];
    let why = '';
    for (const piece of pieces(raw)) {
      const checked = checkEntry(piece);
      if (!checked.ok) {
        rejected.push(piece);
        why = checked.message;
      } else if (!next.includes(checked.entry)) next.push(checked.entry);
    }
    if (next.length !== entries.length) onChange(next);
    setText(rejected.join(', '));
    setError(rejected.length ? `“${rejected[0]}”: ${why}` : '');
    return rejected.length === 0;
  };

  const remove = (entry: string) => onChange(entries.filter((e) => e !== entry));

  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      {aside ? (
        <div class="field-head">
          <label for={id}>{label}</label>
          {aside}
        </div>
      ) : (
        <label for={id}>{label}</label>
      )}
      <div class="chips" data-testid={wrapperTestId} data-entries={JSON.stringify(entries)}>
        <ChipList class="chip-list" aria-label={label} entries={entries} onRemove={remove} />
        <input
          id={id}
          type="text"
          data-testid={inputTestId}
          value={text}
          placeholder={placeholder}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
          autocomplete="off"
          spellcheck={false}
          onInput={(e) => {
            const value = e.currentTarget.value;
            if (value.includes(',')) commit(value);
            else {
              setText(value);
              if (error) setError('');
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds a chip here; it must not submit the surrounding form.
              e.preventDefault();
              if (text.trim()) commit(text);
            } else if (e.key === 'Backspace' && !text && entries.length) {
              remove(entries[entries.length - 1]!);
            }
          }}
          onBlur={() => {
            if (text.trim()) commit(text);
          }}
        />
      </div>
      {hint ? (
        <p class="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Labelled form controls with inline error wiring, for any settings surface (Options' own sections and the features' slots).
import type { ComponentChildren } from 'preact';

/** A number field's text as a number: a blank field is not zero but NaN, which the schema refuses with "enter a number". */
export function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onInput(value: string): void;
  testId: string;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'number' | 'time';
  step?: string;
  min?: number;
  max?: number;
  multiline?: boolean;
  placeholder?: string;
}

export function TextField(p: TextFieldProps) {
  const describedBy = [p.hint ? `${p.id}-hint` : '', p.error ? `${p.id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id: p.id,
    'data-testid': p.testId,
    value: p.value,
    placeholder: p.placeholder,
    'aria-invalid': p.error ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
    onInput: (e: Event) => p.onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={p.id}>{p.label}</label>
      {p.multiline ? (
        <textarea {...common} rows={4} spellcheck={false} />
      ) : (
        <input {...common} type={p.type ?? 'text'} step={p.step} min={p.min} max={p.max} />
      )}
      {p.hint ? <Hint id={`${p.id}-hint`}>{p.hint}</Hint> : null}
      {p.error ? (
        <p class="error" id={`${p.id}-error`}>
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

export function Hint({ id, children }: { id?: string; children: ComponentChildren }) {
  return (
    <p class="hint" id={id}>
      {children}
    </p>
  );
}

export function CheckField(p: { id: string; label: string; checked: boolean; onChange(v: boolean): void; testId: string; hint?: string }) {
  return (
    <div class="field check">
      <input
        id={p.id}
        type="checkbox"
        data-testid={p.testId}
        checked={p.checked}
        aria-describedby={p.hint ? `${p.id}-hint` : undefined}
        onChange={(e) => p.onChange(e.currentTarget.checked)}
      />
      <div>
        <label for={p.id}>{p.label}</label>
        {p.hint ? <Hint id={`${p.id}-hint`}>{p.hint}</Hint> : null}
      </div>
    </div>
  );
}

/** A card with a heading; `anchor` is its id in the address (options.html#helper), where links and the popup lead. */
export function Section(p: {
  title: string;
  id: string;
  anchor?: string;
  'data-setup-state'?: string | undefined;
  children: ComponentChildren;
}) {
  return (
    <section class="card" id={p.anchor} aria-labelledby={p.id} data-setup-state={p['data-setup-state']}>
      <h2 id={p.id} tabIndex={-1}>
        {p.title}
      </h2>
      <div class="stack">{p.children}</div>
    </section>
  );
}

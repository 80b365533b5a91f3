// One text of the start form's commitment (next action, done when, involves) with its inline error, Enter submitting.
import type { ComponentChildren, RefObject } from 'preact';
import { capitalize } from '../../ui/format';

export interface CommitmentFieldProps {
  id: 'next-action' | 'success-condition' | 'involves';
  label: string;
  fieldRef: RefObject<HTMLTextAreaElement>;
  value: string;
  placeholder: string;
  error: string | undefined;
  onInput(value: string): void;
  /** A control at the end of the label's row. */
  aside?: ComponentChildren;
  /** One line, its label beside it (the optional Involves: the popup has no height to spare). */
  compact?: boolean;
}

/** One commitment text (Involves is the optional one), with its inline error wired for screen readers. */
export function CommitmentField(p: CommitmentFieldProps) {
  const errorId = `${p.id}-error`;
  const label = <label for={p.id}>{p.label}</label>;
  return (
    <div class={p.compact ? 'field inline compact-text' : 'field'}>
      {p.aside ? (
        <div class="field-head">
          {label}
          {p.aside}
        </div>
      ) : (
        label
      )}
      <textarea
        id={p.id}
        ref={p.fieldRef}
        rows={p.compact ? 1 : 2}
        data-testid={p.id}
        value={p.value}
        placeholder={p.placeholder}
        aria-invalid={p.error ? 'true' : undefined}
        aria-describedby={p.error ? errorId : undefined}
        onInput={(e) => p.onInput(e.currentTarget.value)}
        onKeyDown={submitOnEnter}
      />
      {p.error ? (
        <p class="error" id={errorId}>
          {capitalize(p.error)}.
        </p>
      ) : null}
    </div>
  );
}

/** Enter submits from the commitment fields too; Shift+Enter keeps a newline. */
function submitOnEnter(event: KeyboardEvent) {
  if (event.key !== 'Enter' || event.shiftKey) return;
  event.preventDefault();
  (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
}

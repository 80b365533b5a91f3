// "Save as template": the first click asks for a name, the second (or Enter) keeps the form under it.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { MAX_TEMPLATE_NAME_CHARS } from '../../shared/core/core-limits';
import type { TemplateInput } from '../../shared/plan/plan-feature';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { capitalize } from '../../ui/format';

/** `children`: the Start button, which shares the row (the form must fit the popup). */
export function SaveTemplate({
  current,
  onSaved,
  children,
}: {
  current(): Omit<TemplateInput, 'name'>;
  onSaved(name: string): void;
  children: ComponentChildren;
}) {
  const client = useClient();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const save = async () => {
    if (!naming) {
      setNaming(true);
      setSaved('');
      // After the field is rendered.
      queueMicrotask(() => nameRef.current?.focus());
      return;
    }
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the template a name.');
      return nameRef.current?.focus();
    }
    setSaving(true);
    const reply = await client.request({ type: 'saveTemplate', template: { ...current(), name: trimmed } });
    setSaving(false);
    if (!reply.ok) {
      setError(`${capitalize(replyError(reply))}.`.replace(/\.\.$/, '.'));
      return nameRef.current?.focus();
    }
    setError('');
    setNaming(false);
    setName('');
    setSaved(trimmed);
    onSaved(trimmed);
  };

  return (
    <>
      {naming ? (
        <div class="field">
          <label for="template-name">Template name</label>
          <input
            id="template-name"
            ref={nameRef}
            type="text"
            maxLength={MAX_TEMPLATE_NAME_CHARS}
            data-testid="template-name"
            value={name}
            placeholder="Deep work"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'template-error' : undefined}
            onInput={(e) => {
              setName(e.currentTarget.value);
              setError('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setNaming(false);
                setError('');
              }
            }}
          />
        </div>
      ) : null}
      {error ? (
        <p class="error" id="template-error" data-testid="template-error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="start-row">
        {children}
        <button type="button" data-testid="save-template" disabled={saving} onClick={() => void save()}>
          {naming ? (saving ? 'Saving…' : 'Save template') : 'Save as template'}
        </button>
      </div>
      <span role="status" aria-live="polite" class="muted template-status">
        {saved ? <span data-testid="template-saved">Saved as “{saved}”</span> : null}
      </span>
    </>
  );
}

// Options: the saved templates, each renamed, edited or deleted here (they are made with "Save as template" in the popup).
import { ChipsEditor } from '../../ui/components/chips-editor';
import { rhythmText } from '../../shared/core/rhythm';
import { MAX_TIMEBOX_MINUTES } from '../../shared/core/core-limits';
import { ALLOWLIST_ONLY_WORDS, fullName, STRICT_WORDS } from '../../ui/strict-words';
import { CheckField, Section, TextField } from './field';
import type { Draft, DraftErrors } from './settings-draft';
import type { TemplateDraft } from './template-draft';

export function TemplatesSection(p: { draft: Draft; set(patch: Partial<Draft>): void; errors: DraftErrors }) {
  const { draft, errors } = p;
  const edit = (index: number, patch: Partial<TemplateDraft>) =>
    p.set({ templates: draft.templates.map((t, i) => (i === index ? { ...t, ...patch } : t)) });
  const remove = (index: number) => p.set({ templates: draft.templates.filter((_t, i) => i !== index) });
  return (
    <Section title="Templates" id="templates-title">
      <div data-testid="templates" class="stack">
        {draft.templates.length === 0 ? (
          <p class="hint">No templates yet. Fill in the popup's start form and choose “Save as template”.</p>
        ) : null}
        {draft.templates.map((t, i) => {
          const error = errors[`templates.${i}`];
          const id = `template-${i}`;
          return (
            <fieldset key={t.id} class="template" data-testid="template" aria-describedby={error ? `${id}-error` : undefined}>
              <legend>{t.name || 'Unnamed template'}</legend>
              <TextField id={`${id}-name`} testId="template-name-edit" label="Name" value={t.name} onInput={(name) => edit(i, { name })} />
              <TextField
                id={`${id}-next`}
                testId="template-next-action"
                label="Next action"
                value={t.nextAction}
                onInput={(nextAction) => edit(i, { nextAction })}
              />
              <TextField
                id={`${id}-done`}
                testId="template-success-condition"
                label="Done when"
                value={t.successCondition}
                onInput={(successCondition) => edit(i, { successCondition })}
              />
              <TextField
                id={`${id}-involves`}
                testId="template-involves"
                label="Involves (optional)"
                value={t.involves}
                onInput={(involves) => edit(i, { involves })}
              />
              <ChipsEditor
                id={`${id}-allowed`}
                label="Allowed"
                entries={t.allowed}
                onChange={(allowed) => edit(i, { allowed })}
                inputTestId="template-allowed"
                wrapperTestId="template-allowed-chips"
              />
              <ChipsEditor
                id={`${id}-blocked`}
                label="Blocked"
                entries={t.blocked}
                onChange={(blocked) => edit(i, { blocked })}
                inputTestId="template-blocked"
                wrapperTestId="template-blocked-chips"
              />
              <TextField
                id={`${id}-timebox`}
                testId="template-timebox"
                type="number"
                min={1}
                max={MAX_TIMEBOX_MINUTES}
                label="Timebox (minutes, blank for none)"
                value={t.timebox}
                onInput={(timebox) => edit(i, { timebox })}
              />
              <CheckField
                id={`${id}-strict`}
                testId="template-strict"
                label={fullName(STRICT_WORDS)}
                checked={t.strict}
                onChange={(strict) => edit(i, { strict })}
              />
              <CheckField
                id={`${id}-allowlist-only`}
                testId="template-allowlist-only"
                label={fullName(ALLOWLIST_ONLY_WORDS)}
                checked={t.allowlistOnly}
                onChange={(allowlistOnly) => edit(i, { allowlistOnly })}
              />
              {t.rhythm ? <p class="hint">Rhythm: {rhythmText(t.rhythm)} (work/break minutes)</p> : null}
              {error ? (
                <p class="error" id={`${id}-error`} data-testid="template-error">
                  {error}
                </p>
              ) : null}
              <button type="button" class="danger" data-testid="template-delete" onClick={() => remove(i)}>
                Delete “{t.name || 'Unnamed template'}”
              </button>
            </fieldset>
          );
        })}
      </div>
    </Section>
  );
}

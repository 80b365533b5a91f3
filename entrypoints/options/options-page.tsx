// The options page: loads settings, edits a draft, validates and saves it; host and import/export.
import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../shared/settings/stored-settings';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { useStatePush } from '../../ui/connection/use-state-push';
import { BackendSection } from './backend-section';
import { BehaviourSection } from './behaviour-section';
import { HelperSection } from './helper-section';
import { useSectionFromAddress } from './section-from-address';
import { ListsSection } from './lists-section';
import { fromDraft, rebaseDraft, toDraft, type Draft, type DraftErrors } from './settings-draft';
import { TemplatesSection } from './templates-section';
import { ScheduleSection } from './schedule-section';
import { DaySummarySection } from './day-summary-section';
import { TransferSection } from './transfer-section';
import { ChangedElsewhereNotice, SyncSection } from './sync-section';
import { useChangedElsewhere } from './use-changed-elsewhere';
import { OPTIONS_SLOTS } from '../../ui/feature-slots';

export function OptionsPage() {
  const client = useClient();
  const push = useStatePush(client);
  const [saved, setSaved] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [loadError, setLoadError] = useState('');
  useSectionFromAddress(draft !== null);
  const revision = push?.view.settingsRevision ?? null;
  const elsewhere = useChangedElsewhere({
    client,
    revision,
    saved,
    dirty: draft !== null && saved !== null && JSON.stringify(draft) !== JSON.stringify(toDraft(saved)),
    saving: status === 'saving',
    replace: (fresh, keepDraft) => {
      const before = saved;
      setSaved(fresh);
      setDraft((current) => (keepDraft && current && before ? rebaseDraft(current, toDraft(before), toDraft(fresh)) : toDraft(fresh)));
    },
  });

  useEffect(() => {
    void client.request({ type: 'getSettings' }).then((reply) => {
      if (reply.ok) {
        setSaved(reply.value);
        setDraft(toDraft(reply.value));
      } else setLoadError(replyError(reply));
    });
  }, [client]);

  if (!draft || !saved) {
    return (
      <main class="page options" aria-busy={!loadError}>
        <h1 class="title">antidrift settings</h1>
        {loadError ? (
          <p class="error" role="alert">
            Could not load settings: {loadError}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </main>
    );
  }

  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    setStatus('idle');
    // Once a save was refused, messages follow the edits so they clear as soon as the field is fixed.
    if (Object.keys(errors).length) {
      const checked = fromDraft(next, saved);
      setErrors('errors' in checked ? checked.errors : {});
    }
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const checked = fromDraft(draft, saved);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setStatus('saving');
    const reply = await client.request({ type: 'saveSettings', settings: checked.settings });
    if (!reply.ok) {
      setStatus('idle');
      setErrors({ form: `Not saved: ${replyError(reply)}` });
      return;
    }
    const stored = reply.value;
    setSaved(stored);
    setDraft(toDraft(stored));
    setStatus('saved');
  };

  // A feature slot's problems count one each, like any field's.
  const { slots: slotErrors = {}, ...fieldErrors } = errors;
  const errorCount = Object.keys(fieldErrors).length + Object.keys(slotErrors).length;
  const host = push?.view.host ?? null;
  return (
    <main class="page options">
      <header class="options-head">
        <h1 class="title">antidrift settings</h1>
        <nav class="row wrap" aria-label="Other pages">
          <button type="button" class="link" data-testid="open-welcome" onClick={() => client.openPage('welcome')}>
            Set-up guide
          </button>
          <button type="button" class="link" data-testid="open-history" onClick={() => client.openPage('history')}>
            History
          </button>
        </nav>
      </header>
      <HelperSection host={host} />
      <form class="stack" onSubmit={save} noValidate>
        <BackendSection
          draft={draft}
          set={set}
          errors={errors}
          host={host}
          consents={saved.aiConsent}
          onConsents={(aiConsent) => setSaved((current) => (current ? { ...current, aiConsent } : current))}
        />
        <ListsSection draft={draft} set={set} />
        <TemplatesSection draft={draft} set={set} errors={errors} />
        <ScheduleSection blocks={draft.schedule} templates={draft.templates} errors={errors.blocks} set={(schedule) => set({ schedule })} />
        <DaySummarySection draft={draft} set={set} errors={errors} />
        {OPTIONS_SLOTS.map((slot) => (
          <slot.Section
            key={slot.name}
            draft={draft.slots[slot.name]}
            set={(value) => set({ slots: { ...draft.slots, [slot.name]: value } })}
            error={errors.slots?.[slot.name]}
          />
        ))}
        <BehaviourSection draft={draft} set={set} errors={errors} />
        <SyncSection draft={draft} set={set} revision={revision} />
        {elsewhere.notice ? <ChangedElsewhereNotice onLoadTheirs={elsewhere.loadTheirs} /> : null}
        <div class="save-bar">
          <button type="submit" class="primary" data-testid="settings-save" disabled={status === 'saving'}>
            {status === 'saving' ? 'Saving…' : 'Save'}
          </button>
          <span role="status" aria-live="polite">
            {status === 'saved' ? (
              <span class="saved" data-testid="settings-saved">
                Saved
              </span>
            ) : null}
          </span>
          {errorCount ? (
            <p class="error" role="alert">
              {errors.form ?? `Fix ${errorCount === 1 ? 'the field' : `${errorCount} fields`} marked above to save.`}
            </p>
          ) : null}
        </div>
      </form>
      <TransferSection
        saved={saved}
        onImported={(imported) => {
          setSaved(imported);
          setDraft(toDraft(imported));
          setErrors({});
          setStatus('idle');
        }}
      />
    </main>
  );
}

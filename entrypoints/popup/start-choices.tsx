// What the start form can be filled from in one choice: the templates as buttons, then the last distinct commitments in a list.
import { useEffect, useState } from 'preact/hooks';
import type { StartChoices as Choices } from '../../shared/plan/plan-feature';
import { useClient } from '../../ui/connection/surface-client';

/** Everything a template or a recent session fills in; the person can still edit it before Start. */
export interface FormFilling {
  nextAction: string;
  successCondition: string;
  /** What the work takes; absent or '' when the template or session said nothing. */
  involves?: string;
  allowed: string[];
  blocked: string[];
  timeboxMinutes: number | null;
  rhythm?: { workMinutes: number; breakMinutes: number } | null;
  /** A template's; a recent commitment has none (an ordinary session). */
  strict?: boolean;
  allowlistOnly?: boolean;
}

/** The choices, asked once per open and again after a template is saved (`version`). */
export function useStartChoices(version: number): Choices | null {
  const client = useClient();
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    let live = true;
    void client.request({ type: 'getStartChoices' }).then((reply) => {
      if (live && reply.ok && reply.value) setChoices(reply.value);
    });
    return () => {
      live = false;
    };
  }, [client, version]);
  return choices;
}

/** One row, so the form still fits the popup: the templates first, the recent commitments folded into a list after them. */
export function StartChoices({ choices, onChoose }: { choices: Choices | null; onChoose(filling: FormFilling): void }) {
  if (!choices || (choices.templates.length === 0 && choices.recent.length === 0)) return null;
  return (
    <div class="start-choices" role="group" aria-label="Start from">
      {choices.templates.map((t) => (
        <button
          type="button"
          key={t.id}
          class="choice"
          data-testid="start-template"
          title={t.nextAction || t.name}
          onClick={() => onChoose(t)}
        >
          {t.name}
        </button>
      ))}
      {choices.recent.length ? (
        <select
          class="choice recent"
          aria-label="Fill in a recent commitment"
          data-testid="recent-commitments"
          value=""
          onChange={(e) => {
            const picked = choices.recent[Number(e.currentTarget.value)];
            e.currentTarget.value = '';
            if (picked) onChoose(picked);
          }}
        >
          <option value="" disabled>
            Recent…
          </option>
          {choices.recent.map((r, i) => (
            <option key={i} value={String(i)} data-testid="recent-commitment">
              {r.nextAction}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

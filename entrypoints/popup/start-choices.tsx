// What the start form can be filled from in one click: the templates, then the last distinct commitments.
import { useEffect, useState } from 'preact/hooks';
import type { StartChoices as Choices } from '../../shared/messages/requests';
import { useClient } from '../../ui/connection/surface-client';

/** Everything a template or a recent session fills in; the person can still edit it before Start. */
export interface FormFilling {
  nextAction: string;
  successCondition: string;
  allowed: string[];
  blocked: string[];
  timeboxMinutes: number | null;
  rhythm?: { workMinutes: number; breakMinutes: number } | null;
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

export function StartChoices({ choices, onChoose }: { choices: Choices | null; onChoose(filling: FormFilling): void }) {
  if (!choices || (choices.templates.length === 0 && choices.recent.length === 0)) return null;
  return (
    <section class="start-choices" aria-labelledby="start-from">
      <h2 id="start-from" class="subtitle">
        Start from
      </h2>
      {choices.templates.length ? (
        <ul class="choice-list" aria-label="Templates">
          {choices.templates.map((t) => (
            <li key={t.id}>
              <button type="button" class="choice" data-testid="start-template" title={t.nextAction || t.name} onClick={() => onChoose(t)}>
                {t.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {choices.recent.length ? (
        <ul class="choice-list recent" aria-label="Recent commitments">
          {choices.recent.map((r) => (
            <li key={`${r.nextAction}\n${r.successCondition}`}>
              <button
                type="button"
                class="choice link"
                data-testid="recent-commitment"
                title={r.successCondition}
                onClick={() => onChoose(r)}
              >
                {r.nextAction}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

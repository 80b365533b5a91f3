// Options → AI backend: where each backend sends the person's words, and their yes for each, given or taken back at once.
import type { AIConsents, ConsentReply, ConsentState } from '../../shared/core/ai-consent';
import { consentOf, destinationOf, sentWords } from '../../shared/core/ai-consent';
import type { HostStatus } from '../../shared/core/host-status';
import { useConsentAnswer } from '../../ui/components/consent-ask';
import { capitalize } from '../../ui/format';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A backend's state in words, and the one thing to do about it: a yes is withdrawn, anything else is allowed. */
function answerOf(state: Exclude<ConsentState, 'local'>, at: number | undefined): { words: string; reply: ConsentReply; label: string } {
  if (state === 'allowed') return { words: `allowed${at ? ` on ${DATE.format(at)}` : ''}`, reply: 'withdrawn', label: 'Withdraw' };
  return { words: state === 'notNow' ? 'not allowed' : 'not asked yet', reply: 'allowed', label: 'Allow' };
}

export function AIDestinations(p: {
  host: HostStatus | null;
  consents: AIConsents;
  model: string;
  neverSendUrls: boolean;
  onConsents(next: AIConsents): void;
}) {
  const { busy, error, answer } = useConsentAnswer();
  // Every backend the helper reports (a yes may be given before one is installed) and every port of its own (the built-in model).
  const names = [...(p.host?.backends.map((b) => b.name) ?? []), ...Object.keys(p.host?.ports ?? {})];
  const respond = async (backend: string, to: ConsentReply) => {
    const next = await answer(backend, to);
    if (next) p.onConsents(next);
  };
  const action = (name: string, a: ReturnType<typeof answerOf>) => (
    <>
      {' '}
      · {a.words}{' '}
      <button
        type="button"
        class="link"
        data-testid={`consent-${a.reply === 'withdrawn' ? 'withdraw' : 'allow'}-${name}`}
        disabled={busy}
        onClick={() => void respond(name, a.reply)}
      >
        {a.label}
      </button>
    </>
  );
  return (
    <div class="field" data-testid="ai-destinations">
      <span class="label">Where your words go</span>
      <p class="hint">
        Every AI call carries {sentWords(p.neverSendUrls)}. A backend that sends them off this computer gets nothing until you allow it.
      </p>
      <ul class="facts-list destinations">
        {names.map((name) => {
          const { to, local } = destinationOf(name, p.model);
          const state = consentOf(p.consents, name, p.model);
          return (
            <li key={name} data-testid={`consent-${name}`} data-state={state}>
              <strong>{name}</strong> → {local ? `${to}: stays here, no yes needed` : capitalize(to)}
              {state === 'local' ? null : action(name, answerOf(state, p.consents[name]?.at))}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p class="hint tone-warn" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

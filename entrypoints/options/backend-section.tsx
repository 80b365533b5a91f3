// Options: which AI backend and model, its timeout, and a button that tries it for real.
import { useState } from 'preact/hooks';
import type { HostStatus, PortView } from '../../shared/core/host-status';
import { failureText } from '../../shared/core/failure-text';
import { BROWSER_BACKEND } from '../../shared/core/vocabulary';
import { aiName } from '../../ui/setup-state';
import { BrowserModelPanel } from '../../ui/components/browser-model-panel';
import { ConsentAsk } from '../../ui/components/consent-ask';
import type { AIConsents } from '../../shared/core/ai-consent';
import { AIDestinations } from './ai-destinations';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { capitalize } from '../../ui/format';
import { RangeField, Section, TextField } from './field';
import type { Draft, DraftErrors } from './settings-draft';

/** The words continue a sentence ("AI off: …"). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

type TestResult = { ok: true; text: string } | { ok: false; text: string } | null;

/** A port that reports its own status and has no panel of its own: its name and its status in one line. */
function PortLine({ id, port }: { id: string; port: PortView }) {
  return (
    <div class="field" data-testid={`port-${id}`}>
      <span class="label">{capitalize(port.name)}</span>
      <p class="hint" data-testid={`port-${id}-line`}>
        {capitalize(port.line)}
      </p>
    </div>
  );
}

export function BackendSection(p: {
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: DraftErrors;
  host: HostStatus | null;
  /** The answers as stored (a yes takes effect at once, not with Save). */
  consents: AIConsents;
  onConsents(next: AIConsents): void;
}) {
  const client = useClient();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult>(null);
  const backends = p.host?.backends ?? [];
  // The ports that report their own status (the built-in model), by id: each one backend of the same name.
  const ports: Record<string, PortView> = p.host?.ports ?? {};
  const chosen = p.draft.backend;
  const onPort = chosen !== null && Object.hasOwn(ports, chosen);
  const unknownChoice = chosen !== null && !onPort && !backends.some((b) => b.name === chosen);

  const test = async () => {
    setTesting(true);
    setResult(null);
    const model = p.draft.model.trim();
    const reply = await client.request({
      type: 'testBackend',
      ...(chosen ? { backend: chosen } : {}),
      ...(model ? { model } : {}),
    });
    setTesting(false);
    if (reply.ok) {
      const { backend, ms, text } = reply.value;
      setResult({ ok: true, text: `${backend} answered in ${ms} ms: “${text.trim()}”` });
    } else {
      setResult({ ok: false, text: replyError(reply) });
    }
  };

  return (
    <Section title="AI backend" id="backend-title" anchor="ai-backend">
      <div class="field">
        <label for="backend">Backend</label>
        <select
          id="backend"
          data-testid="backend-select"
          value={chosen ?? ''}
          onChange={(e) => p.set({ backend: e.currentTarget.value || null })}
        >
          <option value="">Automatic{p.host?.activeBackend && !chosen ? ` (now ${aiName(p.host.activeBackend)})` : ''}</option>
          {backends.map((b) => (
            <option key={b.name} value={b.name} disabled={!b.available}>
              {b.name}
              {b.custom ? ' (custom)' : ''}
              {b.available ? (b.version ? ` — ${b.version}` : '') : ` — unavailable: ${b.problem ?? 'not found'}`}
            </option>
          ))}
          {Object.entries(ports).map(([id, port]) => (
            <option key={id} value={id} disabled={port.status.availability === 'unavailable' && chosen !== id}>
              {port.name} — {port.status.availability}
            </option>
          ))}
          {unknownChoice ? <option value={chosen}>{chosen} (not reported by the helper)</option> : null}
        </select>
        <p class="hint">Automatic uses the helper's AI tools first, in the order listed, then the browser's built-in model.</p>
        {p.host?.aiOff && chosen === p.host.chosenBackend && (p.host.connection === 'connected' || onPort) ? (
          // The same words every AI call would fail with now (the choice is made once, in the core). While the
          // helper is missing, stopped or still connecting, the Helper section above already says so.
          <p class="hint" data-testid="ai-off">
            AI off: {lowerFirst(failureText(p.host.aiOff))}
          </p>
        ) : null}
        {p.host?.consent?.answer === 'unasked' ? <ConsentAsk ask={p.host.consent} /> : null}
        {backends.length === 0 ? (
          <p class="hint" data-testid="no-backends">
            {p.host?.connection === 'connected'
              ? 'The helper found no AI command-line tool on this computer.'
              : 'The AI tools the helper finds (claude, codex, gemini, qwen, ollama, llm) are listed here once it runs: see Helper above.'}
          </p>
        ) : null}
      </div>
      <AIDestinations
        host={p.host}
        consents={p.consents}
        model={p.draft.model.trim()}
        neverSendUrls={p.draft.neverSendUrls}
        onConsents={p.onConsents}
      />
      {/* The built-in model has a panel of its own (a download starts from a click there); any other port, its line. */}
      {Object.entries(ports).map(([id, port]) =>
        id === BROWSER_BACKEND ? <BrowserModelPanel key={id} host={p.host!} /> : <PortLine key={id} id={id} port={port} />,
      )}
      <TextField
        id="model"
        label="Model (optional)"
        testId="model-input"
        value={p.draft.model}
        placeholder="the backend's default"
        onInput={(model) => p.set({ model })}
        error={p.errors.model}
      />
      <RangeField setting="aiTimeoutSeconds" id="ai-timeout" label="Timeout (seconds)" draft={p.draft} errors={p.errors} set={p.set} />
      <div class="row">
        <button type="button" data-testid="backend-test" onClick={() => void test()} disabled={testing} aria-busy={testing}>
          {testing ? <span class="spinner" aria-hidden="true" /> : null}
          {testing ? 'Testing…' : 'Test backend'}
        </button>
      </div>
      <p
        class={result ? (result.ok ? 'result ok' : 'result error') : 'result'}
        data-testid="backend-test-result"
        role="status"
        aria-live="polite"
      >
        {result?.text ?? ''}
      </p>
    </Section>
  );
}

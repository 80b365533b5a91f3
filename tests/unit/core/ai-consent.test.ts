// Nothing leaves without a yes: the choice of target refuses a backend that sends off this computer until the person allowed it.
import { describe, expect, it } from 'vitest';
import { consentOf, destinationOf, maySend, sentWords } from '../../../shared/core/ai-consent';
import { chooseTarget, type AIFacts } from '../../../shared/core/ai-targets';
import type { HostConnection } from '../../../shared/core/host-connection';
import { hostStatus } from '../../../shared/core/host-status';
import type { PortStatus } from '../../../shared/core/port-status';
import { PROTOCOL_VERSION } from '../../../shared/protocol/protocol-limits';
import { defaultSettings, Settings } from '../../../shared/settings/stored-settings';
import { mergeSynced, syncedPart } from '../../../shared/sync/synced-settings';
import { setupLine } from '../../../ui/setup-state';

const host = (backends: HostConnection['backends']): HostConnection => ({
  connection: 'connected',
  hostVersion: '0.2.0',
  protocol: PROTOCOL_VERSION,
  extensionVersion: '0.2.0',
  backends,
});
const CLAUDE_AND_CODEX = host([
  { name: 'claude', available: true },
  { name: 'codex', available: true },
]);
const facts = (h: HostConnection, browserModel: PortStatus = { availability: 'downloadable' }): AIFacts => ({
  host: h,
  ports: { browser: browserModel },
});
const settings = (over: Partial<Settings> = {}): Settings => ({ ...defaultSettings(), ...over });
const allowed = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { answer: 'allowed' as const, at: 1 }]));

describe('consent before anything leaves', () => {
  it('no yes: nothing is chosen, and the words name the backend and its provider', () => {
    const choice = chooseTarget(settings(), facts(CLAUDE_AND_CODEX));
    expect(choice).toEqual({
      ok: false,
      waitingFor: 'claude',
      failure: {
        kind: 'consent',
        message: 'Claude waits for your yes: nothing goes to Anthropic until you allow it',
        hint: 'allow it in the popup, on the welcome page or in Options → AI backend',
      },
    });
  });

  it('yes: the backend runs', () => {
    expect(chooseTarget(settings({ aiConsent: allowed('claude') }), facts(CLAUDE_AND_CODEX))).toEqual({
      ok: true,
      target: { port: 'helper', backend: 'claude' },
    });
  });

  it('another backend with another provider is asked again', () => {
    const choice = chooseTarget(settings({ backend: 'codex', aiConsent: allowed('claude') }), facts(CLAUDE_AND_CODEX));
    expect(choice).toMatchObject({
      ok: false,
      waitingFor: 'codex',
      failure: { kind: 'consent', message: expect.stringContaining('OpenAI') },
    });
  });

  it('Automatic passes over one not allowed to one that is, in the ports’ order', () => {
    expect(chooseTarget(settings({ aiConsent: allowed('codex') }), facts(CLAUDE_AND_CODEX))).toMatchObject({
      ok: true,
      target: { backend: 'codex' },
    });
    // …and to the built-in model, which stays on this computer.
    const withModel = chooseTarget(settings(), facts(CLAUDE_AND_CODEX, { availability: 'available' }));
    expect(withModel).toEqual({ ok: true, target: { port: 'browser', backend: 'browser' } });
  });

  it('withdrawn (a not now after a yes): refused at once, in other words', () => {
    const withdrawn = settings({ aiConsent: { claude: { answer: 'notNow', at: 2 } } });
    expect(chooseTarget(withdrawn, facts(CLAUDE_AND_CODEX))).toMatchObject({
      ok: false,
      waitingFor: 'claude',
      failure: { kind: 'consent', message: 'Claude is off: you chose not to send to Anthropic', hint: 'Options → AI backend allows it' },
    });
  });

  it('local backends are never asked: ollama and the built-in model; an Ollama cloud model is', () => {
    const ollama = host([{ name: 'ollama', available: true }]);
    expect(chooseTarget(settings(), facts(ollama))).toEqual({ ok: true, target: { port: 'helper', backend: 'ollama' } });
    expect(chooseTarget(settings({ backend: 'browser' }), facts(ollama, { availability: 'available' }))).toMatchObject({ ok: true });
    expect(consentOf({}, 'browser')).toBe('local');
    expect(chooseTarget(settings({ model: 'gpt-oss:120b-cloud' }), facts(ollama))).toMatchObject({
      ok: false,
      waitingFor: 'ollama',
      failure: { message: expect.stringContaining("Ollama's cloud") },
    });
  });

  it('a backend the table does not know (a custom one) needs a yes too', () => {
    expect(destinationOf('local-llama')).toEqual({ local: false, to: "wherever the custom command in the helper's config sends it" });
    expect(maySend({}, 'local-llama')).toBe(false);
    expect(maySend(allowed('local-llama'), 'local-llama')).toBe(true);
  });

  it('the connection test carries nothing personal: it may reach a backend not allowed yet', () => {
    expect(chooseTarget(settings(), facts(CLAUDE_AND_CODEX), { backend: 'codex', carriesNothingPersonal: true })).toMatchObject({
      ok: true,
      target: { backend: 'codex' },
    });
  });

  it('a backend that cannot run is said as such first, not asked about', () => {
    const missing = host([{ name: 'claude', available: false, problem: 'not on PATH' }]);
    expect(chooseTarget(settings({ backend: 'claude' }), facts(missing))).toMatchObject({ ok: false, failure: { kind: 'not_installed' } });
  });

  it('the surfaces get who waits, where it goes and what it would carry', () => {
    const status = hostStatus(settings(), CLAUDE_AND_CODEX, {});
    expect(status.activeBackend).toBeNull();
    expect(status.consent).toEqual({ backend: 'claude', to: 'Anthropic', addresses: false, answer: 'unasked' });
    expect(sentWords(!status.consent!.addresses)).toContain('never their addresses');
    const withUrls = hostStatus(settings({ neverSendUrls: false }), CLAUDE_AND_CODEX, {});
    expect(sentWords(!withUrls.consent!.addresses)).toContain('and their addresses');
    // The popup's one line says so too.
    expect(setupLine(withUrls, '0.2.0').text).toBe(
      'AI waits for your yes: may claude send your commitment and the titles and sites you look at, with their addresses, to Anthropic?',
    );
    expect(hostStatus(settings({ aiConsent: allowed('claude') }), CLAUDE_AND_CODEX, {}).consent).toBeNull();
  });

  it('stored answers: validated, capped, and synced with the settings', () => {
    expect(Settings.safeParse(settings({ aiConsent: allowed('claude') })).success).toBe(true);
    expect(Settings.safeParse({ ...settings(), aiConsent: { claude: { answer: 'yes please', at: 1 } } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`b${i}`, { answer: 'allowed', at: i }]));
    expect(Settings.safeParse({ ...settings(), aiConsent: many }).success).toBe(false);
    // A yes given on one computer holds on the others (the backend choice itself stays per computer).
    const laptop = settings({ backend: 'claude', aiConsent: allowed('claude') });
    const merged = mergeSynced(settings({ backend: 'codex' }), syncedPart(laptop));
    expect(merged).toMatchObject({ ok: true, settings: { backend: 'codex', aiConsent: allowed('claude') } });
  });
});

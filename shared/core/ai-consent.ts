// Where each AI backend sends what it is given, what that is, and whether the person said yes: nothing leaves this computer before they do.
import { BROWSER_MODEL } from './browser-model-line';
import { BROWSER_BACKEND } from './vocabulary';

/** A person's answer for one backend, as stored. */
export const CONSENT_ANSWERS = ['allowed', 'notNow'] as const;
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];

/** What a page may send: an answer, or a yes taken back (the backend is then unasked again: it waits, and the popup asks). */
export const CONSENT_REPLIES = [...CONSENT_ANSWERS, 'withdrawn'] as const;
export type ConsentReply = (typeof CONSENT_REPLIES)[number];

export interface ConsentRecord {
  readonly answer: ConsentAnswer;
  /** When they answered (ms since the epoch), for Options' "allowed on …". */
  readonly at: number;
}

/** Each backend's answer, by backend name; a backend not in it was never asked. */
export type AIConsents = Readonly<Record<string, ConsentRecord>>;

/** Where a backend's calls go: stays on this computer, or leaves it for a named receiver. */
export interface Destination {
  readonly local: boolean;
  /** Who receives what is sent, in words that continue "goes to …". */
  readonly to: string;
}

/**
 * The CLIs' providers, by the helper's backend names. A CLI may be pointed elsewhere (an API base, a
 * proxy); these are where each sends by default, which is what a person who installed it expects.
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  claude: 'Anthropic',
  codex: 'OpenAI',
  gemini: 'Google',
  qwen: 'Alibaba Cloud (Qwen)',
  llm: "the provider of llm's model (OpenAI unless you set another)",
};

/** Ollama's cloud models run on ollama.com, not here: their names end in `-cloud` or `:cloud`. */
const OLLAMA_CLOUD_MODEL = /[-:]cloud$/i;

/** Where `backend` (with `model`) sends a call. Any backend this table does not know (a custom one) is treated as leaving. */
export function destinationOf(backend: string, model = ''): Destination {
  if (backend === BROWSER_BACKEND) return { local: true, to: `${BROWSER_MODEL}, on this computer` };
  if (backend === 'ollama')
    return OLLAMA_CLOUD_MODEL.test(model)
      ? { local: false, to: "Ollama's cloud (ollama.com)" }
      : { local: true, to: 'Ollama, on this computer' };
  const provider = PROVIDERS[backend];
  return { local: false, to: provider ?? "wherever the custom command in the helper's config sends it" };
}

/** Where one backend stands: stays here (no yes needed), allowed, refused for now, or never asked. */
export type ConsentState = 'local' | ConsentAnswer | 'unasked';

export function consentOf(consents: AIConsents, backend: string, model = ''): ConsentState {
  if (destinationOf(backend, model).local) return 'local';
  return consents[backend]?.answer ?? 'unasked';
}

/** Whether a call with the person's words may go to `backend` now: it stays here, or they allowed it. */
export function maySend(consents: AIConsents, backend: string, model = ''): boolean {
  const state = consentOf(consents, backend, model);
  return state === 'local' || state === 'allowed';
}

/** What every AI call carries, in the words the consent shows (the one place this is said). */
export function sentWords(neverSendUrls: boolean): string {
  const addresses = neverSendUrls ? 'never their addresses' : 'and their addresses (you turned that on)';
  return `your commitment (with what it involves, if you wrote that), the titles of the tabs and windows you look at, and their site or app names; ${addresses}`;
}

/** The backend's name as a person reads it at the start of a sentence. */
export function backendTitle(backend: string): string {
  return backend === BROWSER_BACKEND ? 'The built-in model' : backend.charAt(0).toUpperCase() + backend.slice(1);
}

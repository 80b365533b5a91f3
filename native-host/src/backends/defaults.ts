// Default models and the fixed system prompt backends run with; the config or request may override models.
import type { BuiltinBackendName } from '../../../shared/protocol/frames.js';

/**
 * Used when neither the request nor host.json names a model. claude and codex pick their own
 * account default, so they have none here; the others cannot run without one.
 */
export const DEFAULT_MODELS: Readonly<Partial<Record<BuiltinBackendName, string>>> = {
  gemini: 'gemini-2.5-flash',
  qwen: 'qwen3-coder-plus',
  ollama: 'llama3.2',
  llm: 'gpt-4o-mini',
};

/** The role instructions (judge, nudge, coach) are in the prompt; this only fences the CLI in. */
export const HOST_SYSTEM_PROMPT =
  'You answer a single request in one reply. You have no tools and must not ask to use any. ' +
  'Follow the output format the request asks for exactly.';

/** Matches the wording CLIs use when credentials are missing or rejected. */
export const AUTH_PATTERN =
  /not logged in|please run \/login|failed to authenticate|invalid api key|api key not valid|unauthori[sz]ed|\b401\b|authentication|no key found|login required|oauth token/i;

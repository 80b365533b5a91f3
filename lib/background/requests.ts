// Answers runtime messages: checks who sent them, validates them, and routes them to the shell.
import type { AIRoles } from '../../shared/ai';
import { ContentRequest, PageRequest, type Reply } from '../../shared/messages';
import { completeOnHost, describeFailure } from './ai';
import type { NativeChannel } from './native-channel';
import type { Shell } from './shell';
import * as store from './store';

export interface SenderFacts {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number };
}

export type SenderKind = 'page' | 'content';

/**
 * Our own pages (popup, options) are privileged; our content scripts may only act on drift.
 * Anything else — another extension, a page, a missing id — is refused.
 */
export function senderKind(sender: SenderFacts, extensionId: string, extensionOrigin: string): SenderKind | null {
  if (sender.id !== extensionId) return null;
  const url = sender.url ?? sender.origin ?? '';
  if (url.startsWith(extensionOrigin)) return 'page';
  if (sender.tab?.id !== undefined && /^(https?|file):/.test(url)) return 'content';
  return null;
}

export interface RequestContext {
  shell: Shell;
  channel: NativeChannel;
  roles: AIRoles;
  now(): number;
  extensionId: string;
  extensionOrigin: string;
  observeActiveTab(): void;
}

const TEST_PROMPT = 'This is a connection test. Reply with exactly this JSON object and nothing else: {"ok": true}';

function bad(message: string): Reply {
  return { ok: false, error: { kind: 'bad_request', message } };
}

/** The request type for a log line; never stringifies a nested value (deep arrays overflow the stack). */
function describeType(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : undefined;
  if (typeof type === 'string') return type.slice(0, 40);
  return type === undefined ? '?' : Array.isArray(type) ? 'array' : typeof type;
}

export async function handleRequest(ctx: RequestContext, raw: unknown, sender: SenderFacts): Promise<Reply> {
  const kind = senderKind(sender, ctx.extensionId, ctx.extensionOrigin);
  if (!kind) {
    ctx.shell.diagnostics.add('warn', `refused a message from an unexpected sender (${sender.url ?? sender.id ?? 'unknown'})`);
    return bad('not allowed');
  }
  const schema = kind === 'page' ? PageRequest : ContentRequest;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const type = describeType(raw);
    ctx.shell.diagnostics.add('warn', `rejected a malformed or forbidden ${kind} message (${type}): ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return bad(`rejected: ${parsed.error.issues[0]?.message ?? 'invalid message'}`);
  }
  const req = parsed.data as PageRequest;
  const { shell } = ctx;
  const at = ctx.now();
  // Content scripts act on drift; the state reaches them as a toast slice over their port, not here.
  const done = (): Reply => (kind === 'page' ? { ok: true, state: shell.snapshot() } : { ok: true });

  switch (req.type) {
    case 'getState':
      return done();
    case 'startSession':
      shell.dispatch({ type: 'sessionStarted', at, input: req.input });
      if (shell.state.runtime === 'idle') return bad('the session could not start: check the commitment');
      ctx.observeActiveTab();
      return done();
    case 'pauseSession':
      shell.dispatch({ type: 'sessionPaused', at });
      return done();
    case 'resumeSession':
      shell.dispatch({ type: 'sessionResumed', at });
      return done();
    case 'endSession':
      shell.dispatch({ type: 'sessionEnded', at });
      return done();
    case 'driftBackToTask':
      shell.dispatch({ type: 'backToTaskChosen', at });
      return done();
    case 'driftOnTask':
      shell.dispatch({ type: 'onTaskChosen', at });
      return done();
    case 'driftDismiss':
      shell.dispatch({ type: 'bannerDismissed', at, episode: req.episode });
      return done();
    case 'nudgeDismiss':
      shell.dismissedNudge = req.message;
      await store.saveSessionKey('dismissedNudge', req.message);
      shell.publish();
      return done();
    case 'coach':
      try {
        const suggestion = await ctx.roles.coach.coach(req.intention, AbortSignal.timeout(shell.settings.aiTimeoutSeconds * 1000 + 5_000));
        return { ok: true, suggestion };
      } catch (error) {
        const failure = describeFailure(error, shell.channelStatus);
        shell.diagnostics.add('warn', `coach failed: ${failure.message}`);
        return { ok: false, error: failure };
      }
    case 'getSettings':
      return { ok: true, settings: shell.settings };
    case 'saveSettings':
      shell.settings = req.settings;
      await store.saveSettings(req.settings);
      shell.reconfigure();
      shell.publish();
      return { ok: true, settings: shell.settings };
    case 'testBackend':
      try {
        const override = { ...(req.backend ? { backend: req.backend } : {}), ...(req.model ? { model: req.model } : {}) };
        const result = await completeOnHost({ channel: ctx.channel, settings: () => shell.settings }, TEST_PROMPT, AbortSignal.timeout(shell.settings.aiTimeoutSeconds * 1000 + 5_000), override);
        shell.diagnostics.add('info', `test of ${result.backend} answered in ${result.ms} ms`);
        return { ok: true, text: result.text, ms: result.ms, backend: result.backend };
      } catch (error) {
        const failure = describeFailure(error, shell.channelStatus);
        shell.diagnostics.add('warn', `backend test failed: ${failure.message}`);
        return { ok: false, error: failure };
      }
    case 'getDiagnostics':
      return { ok: true, diagnostics: shell.diagnostics.list(), state: shell.snapshot() };
    case 'reconnectHost':
      ctx.channel.reconnectNow();
      return done();
  }
}

// Answers runtime messages: checks who sent them, validates them, and routes each type to its handler (the core's here, each feature's its own).
import type { AIRoles } from '../shared/ai';
import { chooseTarget, type AITarget } from '../shared/core/ai-targets';
import { destinationOf, type AIConsents, type ConsentRecord, type ConsentReply } from '../shared/core/ai-consent';
import { MAX_AI_CONSENTS } from '../shared/core/core-limits';
import type { Failure } from '../shared/core/failure';
import type { Settings } from '../shared/settings/stored-settings';
import { badRequest, refuseRequest, RequestFailed } from './request-failed';
import { failureText } from '../shared/core/failure-text';
import {
  parseRequest,
  type CoreRequestType,
  type ParsedRequestOf,
  type Reply,
  type ReplyValue,
  type RequestType,
  type StartSessionInput,
} from '../shared/messages/requests';
import { failureOf } from './ai/failure-words';
import { aiSignal } from './ai/ai-signal';
import type { NativeChannel } from './helper/native-channel';
import type { SettingsRecord } from './settings-record';
import type { Sent, Shell } from './shell';
import { senderKind, type SenderFacts } from './sender';
import { errorText } from '../shared/util/error-text';
import type { ObservationRecord } from '../shared/core/controller';

export interface RequestContext {
  shell: Shell;
  /** The whole settings record; the controller holds only the session's part. */
  settings: SettingsRecord;
  /** Keeps a whole record and tells the controller; resolves once it is stored. */
  saveSettings(record: Settings): Promise<void>;
  channel: NativeChannel;
  /** The AI roles on one backend and model (chosen per request). */
  rolesOn(target: AITarget, timeoutMs: number): AIRoles;
  now(): number;
  extensionId: string;
  extensionOrigin: string;
  observeActiveTab(): void;
  /** Brings a place (a tab in its window) forward. */
  focusPlace(place: ObservationRecord): Promise<void>;
  /** Asks each AI port that reports its own status again (the built-in model after a download); the controller decides what changed. */
  checkAIPorts(): Promise<void>;
  /** What the features say is wrong with a start's input, in words (a strict session's lists). */
  startProblems(input: StartSessionInput): string[];
  /** Every feature's handlers: the requests the core does not answer itself. */
  featureHandlers: Partial<Handlers>;
}

/** The answers with `backend`'s new one (null: none, it is asked again); past the cap, the oldest other answer goes. */
function withConsent(consents: AIConsents, backend: string, record: ConsentRecord | null): AIConsents {
  const others = Object.entries(consents)
    .filter(([name]) => name !== backend)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_AI_CONSENTS - 1);
  return record ? { ...Object.fromEntries(others), [backend]: record } : Object.fromEntries(others);
}

/** The words of a page's attempt at the in-page surfaces; the page's address is only its host. */
const SURFACE_WORDS = {
  page: (n: number, where: string) => `${where} sent ${n} event${n === 1 ? '' : 's'} no person made at antidrift's banner: ignored`,
  frame: (n: number, where: string) => `antidrift's banner in ${where} got ${n} event${n === 1 ? '' : 's'} no person made: ignored`,
  removed: (_n: number, where: string) =>
    `${where} kept removing antidrift's banner: it stays away there until the drift changes (the badge and the popup still say it)`,
} as const;

/** A sender's host, for words in diagnostics: never its path or query. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || 'a page';
  } catch {
    return 'a page';
  }
}

/** What diagnostics keep of each answer, before the receiver's name. */
const CONSENT_LOG: Record<ConsentReply, string> = {
  allowed: 'allowed to send to',
  notNow: 'not sending to',
  withdrawn: 'yes withdrawn: nothing more goes to',
};

type Handlers = {
  [T in RequestType]: (req: ParsedRequestOf<T>, sender: SenderFacts) => Promise<ReplyValue<T>> | ReplyValue<T>;
};

type CoreHandlers = {
  [T in CoreRequestType]: (req: ParsedRequestOf<T>, ctx: RequestContext, sender: SenderFacts) => Promise<ReplyValue<T>> | ReplyValue<T>;
};

/**
 * Runs one AI role for a page: the backend chosen once, here (or the one asked for), the failure in the
 * words the page shows and diagnostics keep.
 */
async function askAI<T>(
  ctx: RequestContext,
  what: string,
  asked: { backend?: string; model?: string; carriesNothingPersonal?: boolean },
  call: (roles: AIRoles, signal: AbortSignal, target: AITarget) => Promise<T>,
): Promise<T> {
  const { settings, host, ports } = ctx.shell.state;
  const choice = chooseTarget(settings, { host, ports }, asked);
  const timeoutMs = settings.aiTimeoutSeconds * 1000;
  let failure: Failure;
  if (choice.ok) {
    try {
      return await call(ctx.rolesOn(choice.target, timeoutMs), aiSignal(timeoutMs), choice.target);
    } catch (error) {
      failure = failureOf(error, choice.target.backend);
    }
  } else {
    failure = choice.failure;
  }
  ctx.shell.diagnostics.add('warn', `${what} failed: ${failureText(failure)}`);
  throw new RequestFailed(failure);
}

/** The last on-task tab comes forward; when it is the blocked tab itself (or there is none), the page goes back in its own history. */
export async function backFromBlockPage(
  ctx: Pick<RequestContext, 'shell' | 'focusPlace'>,
  sender: SenderFacts,
): Promise<{ went: 'tab' | 'none' }> {
  const place = ctx.shell.state.drift.lastOnTask;
  if (!place?.ref || place.ref.tabId === sender.tab?.id) return { went: 'none' };
  await ctx.focusPlace(place).catch(() => {});
  return { went: 'tab' };
}

const HANDLERS: CoreHandlers = {
  getState: (_req, ctx) => ctx.shell.snapshot(),
  startSession: async (req, ctx) => {
    const problems = ctx.startProblems(req.input);
    if (problems.length > 0) refuseRequest(problems.join('; '));
    const { refused } = await sendOrRefuse(ctx, { type: 'sessionStarted', at: ctx.now(), input: req.input });
    // Starting, the person reads what did not happen; a wait refused (below) says only why.
    if (refused) refuseRequest(`${refused.what}: ${refused.why}`);
    ctx.observeActiveTab();
    return null;
  },
  pauseSession: (_req, ctx) => unlessRefused(ctx, { type: 'sessionPaused', at: ctx.now() }),
  resumeSession: (_req, ctx) => act(ctx, { type: 'sessionResumed', at: ctx.now() }),
  endSession: (_req, ctx) => unlessRefused(ctx, { type: 'sessionEnded', at: ctx.now() }),
  beginWait: (req, ctx) => act(ctx, { type: 'waitStarted', at: ctx.now(), purpose: req.purpose }),
  cancelWait: (_req, ctx) => act(ctx, { type: 'waitAbandoned', at: ctx.now() }),
  navigationBlocked: (req, ctx) => act(ctx, { type: 'navigationBlocked', at: ctx.now(), site: req.site }),
  blockPageBackToTask: (_req, ctx, sender) => backFromBlockPage(ctx, sender),
  surfaceEventsIgnored: (req, ctx, sender) => {
    // The frame is the extension's page: the site it sits in is its tab's.
    const where = hostOf(sender.tab?.url ?? sender.url ?? '');
    ctx.shell.diagnostics.add('warn', SURFACE_WORDS[req.surface](req.count, where));
    return null;
  },
  driftBackToTask: (_req, ctx) => act(ctx, { type: 'backToTaskChosen', at: ctx.now() }),
  driftSaveForLater: (_req, ctx) => act(ctx, { type: 'savedForLaterChosen', at: ctx.now() }),
  driftOnTask: (_req, ctx) => act(ctx, { type: 'onTaskChosen', at: ctx.now() }),
  driftDismiss: (req, ctx) => act(ctx, { type: 'bannerDismissed', at: ctx.now(), episode: req.episode }),
  nudgeDismiss: (req, ctx) => act(ctx, { type: 'nudgeDismissed', at: ctx.now(), message: req.message }),
  coach: (req, ctx) =>
    askAI(ctx, 'coach', {}, async (roles, signal) => {
      const { questionDropped, ...suggestion } = await roles.coach(req.intention, signal);
      // The plan stands without it, as if the coach had asked nothing; the person is not shown a question it got wrong.
      if (questionDropped) ctx.shell.diagnostics.add('warn', `coach question dropped: ${questionDropped}`);
      return suggestion;
    }),
  getSettings: (_req, ctx) => ctx.settings.current,
  saveSettings: async (req, ctx) => {
    // A yes is given only by its own request (answerAIConsent): a page's draft or an imported file keeps the answers as they are now.
    // Awaited: "Saved" on the page means the settings are in storage.
    await ctx.saveSettings({ ...req.settings, aiConsent: ctx.settings.current.aiConsent });
    return ctx.settings.current;
  },
  answerAIConsent: async (req, ctx) => {
    const settings = ctx.settings.current;
    const aiConsent = withConsent(
      settings.aiConsent,
      req.backend,
      req.answer === 'withdrawn' ? null : { answer: req.answer, at: ctx.now() },
    );
    await ctx.saveSettings({ ...settings, aiConsent });
    const { to } = destinationOf(req.backend, settings.model);
    ctx.shell.diagnostics.add('info', `${req.backend}: ${CONSENT_LOG[req.answer]} ${to}`);
    return aiConsent;
  },
  testBackend: (req, ctx) => {
    // The test's prompt is fixed and carries nothing of the person's: it may reach a backend they have not allowed yet.
    const asked = {
      ...(req.backend ? { backend: req.backend } : {}),
      ...(req.model ? { model: req.model } : {}),
      carriesNothingPersonal: true,
    };
    return askAI(ctx, 'backend test', asked, async (roles, signal, { backend }) => {
      const started = ctx.now();
      const text = await roles.test(signal);
      const ms = ctx.now() - started;
      ctx.shell.diagnostics.add('info', `test of ${backend} answered in ${ms} ms`);
      return { text, ms, backend };
    });
  },
  getDiagnostics: (_req, ctx) => ctx.shell.diagnostics.list(),
  reconnectHost: (_req, ctx) => {
    ctx.channel.reconnectNow();
    return null;
  },
  checkAIPorts: async (_req, ctx) => {
    await ctx.checkAIPorts();
    return null;
  },
};

/** Sends the event; what the controller refused comes back as a value (a failed write is in diagnostics already). */
function sendOrRefuse(ctx: RequestContext, event: Parameters<Shell['send']>[0]): Promise<Sent> {
  return ctx.shell.send(event).catch(() => ({ refused: null }));
}

/** Ending or pausing a strict session early: the controller refuses it until its wait has run, and the reply says why. */
async function unlessRefused(ctx: RequestContext, event: Parameters<Shell['send']>[0]): Promise<null> {
  const { refused } = await sendOrRefuse(ctx, event);
  if (refused) refuseRequest(refused.why);
  return null;
}

/** Requests that only act reply once the event is applied; the new state reaches the surfaces as a push. */
async function act(ctx: RequestContext, event: Parameters<Shell['send']>[0]): Promise<null> {
  await ctx.shell.send(event).catch(() => {});
  return null;
}

export async function handleRequest(ctx: RequestContext, raw: unknown, sender: SenderFacts): Promise<Reply> {
  const kind = senderKind(sender, ctx.extensionId, ctx.extensionOrigin);
  if (!kind) {
    ctx.shell.diagnostics.add('warn', `refused a message from an unexpected sender (${sender.url ?? sender.id ?? 'unknown'})`);
    return { ok: false, error: badRequest('not allowed') };
  }
  const parsed = parseRequest(raw, kind);
  if (!parsed.ok) {
    ctx.shell.diagnostics.add('warn', `rejected a malformed or forbidden ${kind} message (${parsed.type}): ${parsed.error}`);
    return { ok: false, error: badRequest(`rejected: ${parsed.error}`) };
  }
  const req = parsed.request;
  const own = HANDLERS[req.type as CoreRequestType] as
    ((req: ParsedRequestOf<RequestType>, ctx: RequestContext, sender: SenderFacts) => unknown) | undefined;
  const feature = ctx.featureHandlers[req.type] as ((req: ParsedRequestOf<RequestType>, sender: SenderFacts) => unknown) | undefined;
  try {
    if (!own && !feature) throw new Error(`no handler for ${req.type}`);
    return { ok: true, value: await (own ? own(req, ctx, sender) : feature!(req, sender)) } as Reply;
  } catch (error) {
    if (error instanceof RequestFailed) return { ok: false, error: error.failure };
    return { ok: false, error: { kind: 'unavailable', message: errorText(error) } };
  }
}

// Every request a surface may send the background, defined once: its fields, who may send it, and its reply.
import * as z from 'zod';
import { Commitment, WAIT_PURPOSES } from '../core/controller/controller-records';
import type { CoachPlan } from '../ai/coach';
import { MAX_DISMISSED_TEXT, MAX_ENTRY_CHARS, MAX_INTENTION_CHARS, MAX_LIST_ENTRIES, MAX_TIMEBOX_MINUTES } from '../core/core-limits';
import { BackendName, ModelName } from '../protocol/frames';
import { Settings } from '../settings/stored-settings';
import { CONSENT_REPLIES } from '../core/ai-consent';
import { SessionSettings } from '../core/session-settings';
import type { Failure } from '../core/failure';
import { FEATURE_REQUESTS } from '../features';
import { StatePush } from './pushes';
import { Done, NoFields, WentBack, type RequestSpec } from './request-spec';
import { Rhythm } from '../core/rhythm-record';
import { onFirstUse } from '../util/on-first-use';

export const StartSessionInput = onFirstUse(() =>
  z.object({
    commitment: Commitment,
    allowed: z.array(z.string()).max(MAX_LIST_ENTRIES),
    blocked: z.array(z.string()).max(MAX_LIST_ENTRIES),
    timeboxMinutes: z.number().int().min(1).max(MAX_TIMEBOX_MINUTES).optional(),
    rhythm: Rhythm.optional(),
    strict: z.boolean().optional(),
    allowlistOnly: z.boolean().optional(),
  }),
);
export type StartSessionInput = z.infer<typeof StartSessionInput>;

export const CoachSuggestion = onFirstUse(
  () =>
    z.object({
      nextAction: z.string(),
      successCondition: z.string(),
      allowed: z.array(z.string()),
      /** The coach's one question on what the work involves, when it had one worth asking. */
      question: z
        .object({
          ask: z.string(),
          answers: z
            .array(z.object({ answer: z.string(), allowed: z.array(z.string()) }))
            .min(2)
            .max(4),
        })
        .optional(),
    }) satisfies z.ZodType<Omit<CoachPlan, 'questionDropped'>>,
);
export type CoachSuggestion = z.infer<typeof CoachSuggestion>;

export const BackendTestResult = onFirstUse(() =>
  z.object({
    /** The text the backend answered, how long it took, and which backend it was. */
    text: z.string(),
    ms: z.number(),
    backend: z.string(),
  }),
);

export const DiagnosticEntry = onFirstUse(() =>
  z.object({ at: z.number(), level: z.enum(['info', 'warn', 'error']), message: z.string() }),
);
export type DiagnosticEntry = z.infer<typeof DiagnosticEntry>;

const CORE_REQUESTS = {
  driftBackToTask: { body: NoFields, fromContent: false, reply: Done },
  driftOnTask: { body: NoFields, fromContent: false, reply: Done },
  /** The drifting tab goes to the Later list and closes; the drift ends as with Back to task. */
  driftSaveForLater: { body: NoFields, fromContent: false, reply: Done },
  driftDismiss: { body: onFirstUse(() => z.object({ episode: z.number().int().nonnegative() })), fromContent: false, reply: Done },
  nudgeDismiss: { body: onFirstUse(() => z.object({ message: z.string().max(MAX_DISMISSED_TEXT) })), fromContent: false, reply: Done },
  endSession: { body: NoFields, fromContent: false, reply: Done },
  /**
   * Events no person made at the in-page surfaces, counted where they landed: at the host element in the page (`page`), in
   * the frame (`frame`), or a banner the page kept removing (`removed`). Said in diagnostics; nothing else happens.
   */
  surfaceEventsIgnored: {
    body: onFirstUse(() => z.object({ count: z.number().int().min(1).max(1_000_000), surface: z.enum(['page', 'frame', 'removed']) })),
    fromContent: true,
    reply: Done,
  },
  getState: { body: NoFields, fromContent: false, reply: StatePush },
  startSession: { body: onFirstUse(() => z.object({ input: StartSessionInput })), fromContent: false, reply: Done },
  pauseSession: { body: NoFields, fromContent: false, reply: Done },
  /** A strict session's wait to end early or pause: the popup counts it down, then ends or pauses. */
  beginWait: { body: onFirstUse(() => z.object({ purpose: z.enum(WAIT_PURPOSES) })), fromContent: false, reply: Done },
  /** Keep going: the wait is off. */
  cancelWait: { body: NoFields, fromContent: false, reply: Done },
  /** The block page was shown for this site (History counts it). */
  navigationBlocked: { body: onFirstUse(() => z.object({ site: z.string().max(MAX_ENTRY_CHARS) })), fromContent: false, reply: Done },
  /** The block page's Back to task: the last on-task tab comes forward (`none`: there is none to go to). */
  blockPageBackToTask: { body: NoFields, fromContent: false, reply: WentBack },
  resumeSession: { body: NoFields, fromContent: false, reply: Done },
  coach: {
    body: onFirstUse(() => z.object({ intention: z.string().trim().min(1).max(MAX_INTENTION_CHARS) })),
    fromContent: false,
    reply: CoachSuggestion,
  },
  getSettings: { body: NoFields, fromContent: false, reply: Settings },
  saveSettings: { body: onFirstUse(() => z.object({ settings: Settings })), fromContent: false, reply: Settings },
  testBackend: {
    body: onFirstUse(() => z.object({ backend: BackendName.optional(), model: ModelName.optional() })),
    fromContent: false,
    reply: BackendTestResult,
  },
  getDiagnostics: { body: NoFields, fromContent: false, reply: onFirstUse(() => z.array(DiagnosticEntry)) },
  reconnectHost: { body: NoFields, fromContent: false, reply: Done },
  /** Options after a download of the built-in model (or a cancel): the worker asks each port that reports its own status again. */
  checkAIPorts: { body: NoFields, fromContent: false, reply: Done },
  /**
   * The person's Allow / Not now, or a yes withdrawn, for one backend that sends off this computer:
   * only from the extension's own pages, never a content script, so no web page can say yes for them.
   * Replies with every backend's answer as now stored.
   */
  answerAIConsent: {
    body: onFirstUse(() => z.object({ backend: BackendName, answer: z.enum(CONSENT_REPLIES) })),
    fromContent: false,
    reply: onFirstUse(() => SessionSettings.shape.aiConsent),
  },
} as const satisfies Record<string, RequestSpec>;

/** Every request: the core's, then each feature's (`shared/features.ts`). */
export const REQUESTS = { ...CORE_REQUESTS, ...FEATURE_REQUESTS };

type Specs = typeof REQUESTS;
/** The requests the worker's core answers itself; each feature answers its own. */
export type CoreRequestType = keyof typeof CORE_REQUESTS;
export type FeatureRequestType = keyof typeof FEATURE_REQUESTS;
export type RequestType = keyof Specs;
export type ContentRequestType = { [T in RequestType]: Specs[T]['fromContent'] extends true ? T : never }[RequestType];

export const REQUEST_TYPES = Object.keys(REQUESTS) as RequestType[];
export const CORE_REQUEST_TYPES = Object.keys(CORE_REQUESTS) as CoreRequestType[];
export const CONTENT_REQUEST_TYPES = REQUEST_TYPES.filter((t) => REQUESTS[t].fromContent) as ContentRequestType[];

/** zod types an empty object as `Record<string, never>`: a request without fields is only its `type`. */
type Fields<F> = F extends Record<string, never> ? unknown : F;
/** A request as a surface sends it. */
export type RequestOf<T extends RequestType> = { type: T } & Fields<z.input<Specs[T]['body']>>;
/** A request as the background handles it, after validation (defaults applied, text trimmed). */
export type ParsedRequestOf<T extends RequestType> = { type: T } & Fields<z.output<Specs[T]['body']>>;
export type PageRequest = { [T in RequestType]: RequestOf<T> }[RequestType];
export type ContentRequest = { [T in ContentRequestType]: RequestOf<T> }[ContentRequestType];

export type ReplyValue<T extends RequestType> = z.output<Specs[T]['reply']>;
/** Every reply: the request's value, or why it failed. */
export type Reply<T extends RequestType = RequestType> = { ok: true; value: ReplyValue<T> } | { ok: false; error: Failure };

const RequestType = onFirstUse(() => z.enum(REQUEST_TYPES as [RequestType, ...RequestType[]]));

export type RequestParse = { ok: true; request: ParsedRequestOf<RequestType> } | { ok: false; type: string; error: string };

/** The request type for a log line; never stringifies a nested value (deep arrays overflow the stack). */
function describeType(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : undefined;
  if (typeof type === 'string') return type.slice(0, 40);
  return type === undefined ? '?' : Array.isArray(type) ? 'array' : typeof type;
}

/** Validates a runtime message from a page or a content script; a content script may send only the drift actions. */
export function parseRequest(raw: unknown, from: 'page' | 'content'): RequestParse {
  const head = z.object({ type: RequestType }).safeParse(raw);
  if (!head.success) return { ok: false, type: describeType(raw), error: head.error.issues[0]?.message ?? 'invalid message' };
  const type = head.data.type;
  const spec: RequestSpec = REQUESTS[type];
  if (from === 'content' && !spec.fromContent) return { ok: false, type, error: `${type} is not allowed from a web page` };
  const body = spec.body.safeParse(raw);
  if (!body.success) return { ok: false, type, error: body.error.issues[0]?.message ?? 'invalid message' };
  return { ok: true, request: { ...body.data, type } as ParsedRequestOf<RequestType> };
}

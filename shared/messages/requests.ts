// Every request a surface may send the background, defined once: its fields, who may send it, and its reply.
import * as z from 'zod';
import { Commitment, WAIT_PURPOSES } from '../core/controller/records';
import type { CoachPlan } from '../ai/coach';
import { MAX_DISMISSED_TEXT, MAX_ENTRY_CHARS, MAX_INTENTION_CHARS, MAX_LIST_ENTRIES, MAX_TIMEBOX_MINUTES } from '../core/limits';
import { BackendName, ModelName } from '../protocol/frames';
import { Settings } from '../settings/settings';
import { CONSENT_REPLIES } from '../core/ai-consent';
import { SessionSettings } from '../core/settings';
import type { Failure } from '../core/failure';
import { StatePush } from './pushes';
import { HISTORY_MAX_NOTE } from '../history/limits';
import { HistorySegment, PendingReview, REVIEW_ANSWERS, SessionProgress, TodaySummary } from '../history/records';
import type { RecentCommitment } from '../history/recent';
import { Rhythm } from '../core/rhythm-record';
import { Template } from '../plan/records';
import { LaterList } from '../later/later-list';
import { MAX_LATER_ENTRIES, MAX_LATER_URL_CHARS } from '../later/limits';
import type { PlanView } from '../plan/plan-view';
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

/** The running session so far (its totals and its band), the ended session awaiting its review, and today, for the popup. */
export const HistoryStatus = onFirstUse(() =>
  z.object({
    progress: SessionProgress.nullable(),
    pendingReview: PendingReview.nullable(),
    /** Null when history cannot be read. */
    today: TodaySummary.nullable(),
    band: z.array(HistorySegment),
  }),
);
export type HistoryStatus = z.infer<typeof HistoryStatus>;

/** A template as the start form saves it: the background gives it its id. */
export const TemplateInput = onFirstUse(() => Template.omit({ id: true }));
export type TemplateInput = z.input<typeof TemplateInput>;

/** What the start form offers to start from: the templates, then the last distinct commitments. */
export const StartChoices = onFirstUse(() =>
  z.object({
    templates: z.array(Template),
    recent: z.array(
      z.object({
        nextAction: z.string(),
        successCondition: z.string(),
        involves: z.string(),
        allowed: z.array(z.string()),
        blocked: z.array(z.string()),
        timeboxMinutes: z.number().nullable(),
      }) satisfies z.ZodType<RecentCommitment>,
    ),
  }),
);
export type StartChoices = z.infer<typeof StartChoices>;
/** Whether settings follow the person through the browser's sync, when they last did, and the last problem in words. */
export const SyncStatus = onFirstUse(() =>
  z.object({ enabled: z.boolean(), lastSyncedAt: z.number().nullable(), problem: z.string().nullable() }),
);
export type SyncStatus = z.infer<typeof SyncStatus>;
const planTime = onFirstUse(() => z.number().int().nonnegative());
const OccurrenceKey = onFirstUse(() => z.string().min(1).max(100));

/** The scheduled block on offer now (waiting: a session runs, the block starts when it ends) and today's blocks, for the popup. */
export const PlanReply = onFirstUse(
  () =>
    z.object({
      due: z.object({ key: OccurrenceKey, label: z.string(), start: planTime, end: planTime, waiting: z.boolean() }).nullable(),
      today: z.array(
        z.object({
          key: OccurrenceKey,
          label: z.string(),
          start: planTime,
          end: planTime,
          state: z.enum(['done', 'now', 'next', 'missed', 'later']),
        }),
      ),
    }) satisfies z.ZodType<PlanView>,
);

/** The reply of a request that only acts: the new state reaches every surface as a push. */
const Done = onFirstUse(() => z.null());
const NoFields = onFirstUse(() => z.object({}));
/** Where the block page's answers took the person: the last on-task tab (`tab`), or nowhere yet (`none`: the page goes back itself). */
const WentBack = onFirstUse(() => z.object({ went: z.enum(['tab', 'none']) }));
const LaterIds = onFirstUse(() => z.object({ ids: z.array(z.string().min(1).max(64)).max(MAX_LATER_ENTRIES) }));

interface RequestSpec {
  /** The request's fields besides `type`. */
  readonly body: z.ZodObject;
  /**
   * A content script (it runs in a web page, whose renderer the page shares) may send it: only the report of what the page
   * faked at the banner. The drift answers come from the extension's own pages: the popup, and the in-page frame.
   */
  readonly fromContent: boolean;
  /** The value an `{ok: true}` reply carries. */
  readonly reply: z.ZodType;
}

export const REQUESTS = {
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
  /**
   * The block page's Save for later: the one address it blocked (which the session must block under `site`) goes
   * on the Later list, then back to the task as with Back to task.
   */
  blockPageSaveForLater: {
    body: onFirstUse(() => z.object({ site: z.string().max(MAX_ENTRY_CHARS), url: z.string().max(MAX_LATER_URL_CHARS) })),
    fromContent: false,
    reply: WentBack,
  },
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
  /** The Later list, newest first (every request about it replies with the list as it is then). */
  getLater: { body: NoFields, fromContent: false, reply: LaterList },
  removeLater: { body: LaterIds, fromContent: false, reply: LaterList },
  /** Opens the entries (each in a new tab, or `oneWindow`: all in one new window) and takes them off the list. */
  openLater: { body: onFirstUse(() => LaterIds.extend({ oneWindow: z.boolean() })), fromContent: false, reply: LaterList },
  clearLater: { body: NoFields, fromContent: false, reply: LaterList },
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
  getHistoryStatus: { body: NoFields, fromContent: false, reply: HistoryStatus },
  getStartChoices: { body: NoFields, fromContent: false, reply: StartChoices },
  /** Save as template: refused in words when the name is taken or empty. */
  saveTemplate: { body: onFirstUse(() => z.object({ template: TemplateInput })), fromContent: false, reply: Template },
  getSyncStatus: { body: NoFields, fromContent: false, reply: SyncStatus },
  /** `answer` null: the person skipped the review. */
  reviewSession: {
    body: onFirstUse(() =>
      z.object({
        key: z.string().min(1).max(100),
        answer: z.enum(REVIEW_ANSWERS).nullable(),
        note: z.string().trim().max(HISTORY_MAX_NOTE).default(''),
      }),
    ),
    fromContent: false,
    reply: Done,
  },
  getPlan: { body: NoFields, fromContent: false, reply: PlanReply },
  /** Start / In 10 minutes / dismiss the scheduled block on offer (`key` is its occurrence). */
  startDueBlock: { body: onFirstUse(() => z.object({ key: OccurrenceKey })), fromContent: false, reply: Done },
  snoozeDueBlock: { body: onFirstUse(() => z.object({ key: OccurrenceKey })), fromContent: false, reply: Done },
  dismissDueBlock: { body: onFirstUse(() => z.object({ key: OccurrenceKey })), fromContent: false, reply: Done },
} as const satisfies Record<string, RequestSpec>;

type Specs = typeof REQUESTS;
export type RequestType = keyof Specs;
export type ContentRequestType = { [T in RequestType]: Specs[T]['fromContent'] extends true ? T : never }[RequestType];

export const REQUEST_TYPES = Object.keys(REQUESTS) as RequestType[];
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

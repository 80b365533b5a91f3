// Runtime messages between the surfaces (popup, options, toast) and the background: one schema each.
import { z } from 'zod';
import { Commitment, StateView } from './controller';
import { BackendInfo, BackendName, RunErrorKind, WatcherInfo } from './protocol';
import { Settings } from './settings';

export { STATE_PORT } from './state-port';

export const HostStatus = z.object({
  /** connecting → connected; disconnected (was up, will retry); missing (not installed / forbidden). */
  connection: z.enum(['connecting', 'connected', 'disconnected', 'missing']),
  hostVersion: z.string().optional(),
  platform: z.string().optional(),
  watcher: WatcherInfo.optional(),
  backends: z.array(BackendInfo).default([]),
  /** The backend the AI roles use now (the chosen one, else the first available), or null. */
  activeBackend: BackendName.nullable().default(null),
  /** Why the host is not connected, in words (the browser's own error where there is one). */
  error: z.string().optional(),
  nextRetryAt: z.number().optional(),
});
export type HostStatus = z.infer<typeof HostStatus>;

/** What every surface renders: pushed on connect and on every change. */
export const StatePush = z.object({
  type: z.literal('state'),
  view: StateView,
  host: HostStatus,
  /** The nudge text the person dismissed (shared by all tabs); a different text shows again. */
  dismissedNudge: z.string().nullable(),
  now: z.number(),
});
export type StatePush = z.infer<typeof StatePush>;

const DriftBackToTask = z.object({ type: z.literal('driftBackToTask') });
const DriftOnTask = z.object({ type: z.literal('driftOnTask') });
const DriftDismiss = z.object({ type: z.literal('driftDismiss'), episode: z.number().int().nonnegative() });
const NudgeDismiss = z.object({ type: z.literal('nudgeDismiss'), message: z.string().max(2000) });
const EndSession = z.object({ type: z.literal('endSession') });

/** The only requests a content script (a page's context) may send. */
export const ContentRequest = z.discriminatedUnion('type', [DriftBackToTask, DriftOnTask, DriftDismiss, NudgeDismiss, EndSession]);
export type ContentRequest = z.infer<typeof ContentRequest>;

export const StartSessionInput = z.object({
  commitment: Commitment,
  allowed: z.array(z.string()).max(500),
  blocked: z.array(z.string()).max(500),
  timeboxMinutes: z.number().int().min(1).max(24 * 60).optional(),
});
export type StartSessionInput = z.infer<typeof StartSessionInput>;

/** Requests from the extension's own pages (popup, options). */
export const PageRequest = z.discriminatedUnion('type', [
  DriftBackToTask,
  DriftOnTask,
  DriftDismiss,
  NudgeDismiss,
  EndSession,
  z.object({ type: z.literal('getState') }),
  z.object({ type: z.literal('startSession'), input: StartSessionInput }),
  z.object({ type: z.literal('pauseSession') }),
  z.object({ type: z.literal('resumeSession') }),
  z.object({ type: z.literal('coach'), intention: z.string().trim().min(1).max(1000) }),
  z.object({ type: z.literal('getSettings') }),
  z.object({ type: z.literal('saveSettings'), settings: Settings }),
  z.object({ type: z.literal('testBackend'), backend: BackendName.optional(), model: z.string().max(200).optional() }),
  z.object({ type: z.literal('getDiagnostics') }),
  z.object({ type: z.literal('reconnectHost') }),
]);
export type PageRequest = z.infer<typeof PageRequest>;

export const AIFailure = z.object({
  kind: z.union([RunErrorKind, z.enum(['unavailable', 'empty_response', 'no_json', 'parse', 'invalid'])]),
  message: z.string(),
  /** What the person can do about it, e.g. "run `claude` once in a terminal to log in". */
  hint: z.string().optional(),
});
export type AIFailure = z.infer<typeof AIFailure>;

export const CoachSuggestion = z.object({
  nextAction: z.string(),
  successCondition: z.string(),
  allowed: z.array(z.string()),
});

export const DiagnosticEntry = z.object({ at: z.number(), level: z.enum(['info', 'warn', 'error']), message: z.string() });
export type DiagnosticEntry = z.infer<typeof DiagnosticEntry>;

/** Replies: `{ok: true, ...}` or `{ok: false, error}`; each request type documents its payload. */
export const Reply = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    state: StatePush.optional(),
    settings: Settings.optional(),
    suggestion: CoachSuggestion.optional(),
    /** testBackend: the text the backend answered and how long it took. */
    text: z.string().optional(),
    ms: z.number().optional(),
    backend: z.string().optional(),
    diagnostics: z.array(DiagnosticEntry).optional(),
  }),
  z.object({ ok: z.literal(false), error: AIFailure.or(z.object({ kind: z.literal('bad_request'), message: z.string() })) }),
]);
export type Reply = z.infer<typeof Reply>;

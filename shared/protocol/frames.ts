// Native-messaging protocol between the extension and the host: one zod schema per frame.
import * as z from 'zod';
import {
  BACKEND_NAME_PATTERN,
  MAX_MODEL_CHARS,
  MAX_PROMPT_CHARS,
  RELEASE_VERSION_PATTERN,
  RUN_TIMEOUT_MS,
  WATCHER_STATES,
} from './protocol-limits';
import { onFirstUse } from '../util/on-first-use';

export * from './protocol-limits';

/** A backend name: a built-in or a custom one from the host's own config file (the host lists them in `hello`). */
export const BackendName = onFirstUse(() =>
  z.string().min(1).max(64).regex(BACKEND_NAME_PATTERN, 'backend names are lower-case letters, digits, . _ -'),
);

export const RequestId = onFirstUse(() => z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

export const RunErrorKind = onFirstUse(() =>
  z.enum(['not_installed', 'auth', 'timeout', 'api_error', 'exit', 'empty', 'spawn', 'bad_request']),
);
export type RunErrorKind = z.infer<typeof RunErrorKind>;

export const WatcherState = onFirstUse(() => z.enum(WATCHER_STATES));
export type WatcherState = z.infer<typeof WatcherState>;

// ---- extension → host ----

/** A protocol number as `hello` carries it (see PROTOCOL_VERSION). */
export const ProtocolNumber = onFirstUse(() => z.number().int().min(1).max(1_000));
/** A release version as `hello` carries it, e.g. `0.2.0`. */
export const ReleaseVersion = onFirstUse(() => z.string().max(64).regex(RELEASE_VERSION_PATTERN, 'a version is letters, digits, . + -'));

/**
 * The extension says which protocol and release it is. Both fields are optional: an extension of
 * protocol 1 sent neither. (A helper of protocol 1 refuses them: this hello is `strict` there, so the
 * extension then asks again without them.)
 */
export const HelloRequest = onFirstUse(() =>
  z.object({ id: RequestId, type: z.literal('hello'), protocol: ProtocolNumber.optional(), version: ReleaseVersion.optional() }).strict(),
);
export type HelloRequest = z.infer<typeof HelloRequest>;

/** A model name as passed to a CLI's model flag: one line, no NULs. */
export const ModelName = onFirstUse(() =>
  z
    .string()
    .max(MAX_MODEL_CHARS)
    .regex(/^[^\0\n\r]*$/, 'model has control characters'),
);

export const RunRequest = onFirstUse(() =>
  z
    .object({
      id: RequestId,
      type: z.literal('run'),
      backend: BackendName,
      model: ModelName.optional(),
      prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
      timeoutMs: z.number().int().min(RUN_TIMEOUT_MS.min).max(RUN_TIMEOUT_MS.max),
    })
    .strict(),
);
export type RunRequest = z.infer<typeof RunRequest>;

export const HostRequest = onFirstUse(() => z.discriminatedUnion('type', [HelloRequest, RunRequest]));
export type HostRequest = z.infer<typeof HostRequest>;

// ---- host → extension ----

export const BackendInfo = onFirstUse(() =>
  z.object({
    name: BackendName,
    available: z.boolean(),
    path: z.string().optional(),
    version: z.string().optional(),
    custom: z.boolean().optional(),
    /** Why it cannot run, e.g. "not found on PATH, …". */
    problem: z.string().optional(),
    /** What a person does about the problem, e.g. "install it with `npm install -g …`". */
    hint: z.string().max(500).optional(),
  }),
);
export type BackendInfo = z.infer<typeof BackendInfo>;

export const WatcherInfo = onFirstUse(() =>
  z.object({
    state: WatcherState,
    kind: z.string(),
    message: z.string().optional(),
    /** Why the host chose this watcher for the session (XDG_SESSION_TYPE, SWAYSOCK, …). */
    why: z.string().max(1_000).optional(),
    /** The other watchers, each with why it was not chosen. */
    skipped: z
      .array(z.object({ kind: z.string(), why: z.string().max(1_000) }))
      .max(16)
      .optional(),
  }),
);
export type WatcherInfo = z.infer<typeof WatcherInfo>;

export const HelloReply = onFirstUse(() =>
  z.object({
    id: RequestId,
    type: z.literal('hello'),
    hostVersion: z.string(),
    platform: z.string(),
    watcher: WatcherInfo,
    backends: z.array(BackendInfo),
    /** The helper's protocol; absent from a helper of protocol 1. */
    protocol: ProtocolNumber.optional(),
    /** The oldest extension protocol the helper still serves. */
    oldestProtocol: ProtocolNumber.optional(),
  }),
);
export type HelloReply = z.infer<typeof HelloReply>;

/** A failed run in words: `message` names the backend and what happened, `hint` what the person can do. */
export const RunError = onFirstUse(() => z.object({ kind: RunErrorKind, message: z.string(), hint: z.string().max(500).optional() }));
export type RunError = z.infer<typeof RunError>;

export const RunResult = onFirstUse(() =>
  z.discriminatedUnion('ok', [
    z.object({ id: RequestId, type: z.literal('result'), ok: z.literal(true), text: z.string(), ms: z.number() }),
    z.object({ id: RequestId, type: z.literal('result'), ok: z.literal(false), error: RunError, ms: z.number() }),
  ]),
);
export type RunResult = z.infer<typeof RunResult>;

export const WindowEvent = onFirstUse(() =>
  z.object({
    type: z.literal('window'),
    title: z.string(),
    app: z.string(),
    pid: z.number().int().optional(),
    at: z.number(),
  }),
);
export type WindowEvent = z.infer<typeof WindowEvent>;

export const WatcherEvent = onFirstUse(() =>
  z.object({
    type: z.literal('watcher'),
    state: WatcherState,
    kind: z.string().optional(),
    message: z.string().optional(),
  }),
);
export type WatcherEvent = z.infer<typeof WatcherEvent>;

/**
 * The backends changed after `hello` answered: hello does not wait for the slow login-shell PATH probe,
 * so a backend found only there arrives in this push.
 */
export const BackendsEvent = onFirstUse(() => z.object({ type: z.literal('backends'), backends: z.array(BackendInfo) }));
export type BackendsEvent = z.infer<typeof BackendsEvent>;

export const ErrorReply = onFirstUse(() =>
  z.object({
    id: RequestId.optional(),
    type: z.literal('error'),
    error: z.object({ kind: z.literal('bad_request'), message: z.string() }),
  }),
);
export type ErrorReply = z.infer<typeof ErrorReply>;

/** Every frame the host may send. `result` is its own union on `ok`, so it is matched first. */
export const HostMessage = onFirstUse(() => z.union([HelloReply, RunResult, WindowEvent, WatcherEvent, BackendsEvent, ErrorReply]));
export type HostMessage = z.infer<typeof HostMessage>;

/** The `type`s above. A frame of any other type is a newer helper's: the extension ignores it (fields it does not know, zod strips). */
export const HOST_MESSAGE_TYPES: readonly string[] = [
  'hello',
  'result',
  'window',
  'watcher',
  'backends',
  'error',
] satisfies HostMessage['type'][];

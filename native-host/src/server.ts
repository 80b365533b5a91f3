// The message server: reads frames from the browser, answers hello/run, pushes watcher events.
import { type z } from 'zod';
import type * as FrameSchemas from '../../shared/protocol/frames.js';
import type {
  BackendInfo,
  ErrorReply,
  HostMessage,
  HostRequest,
  RunRequest,
  RunResult,
  WatcherEvent,
  WatcherInfo,
  WindowEvent,
} from '../../shared/protocol/frames.js';
import { MAX_FRAME_FROM_BROWSER, MAX_FRAME_TO_BROWSER, OLDEST_PROTOCOL, PROTOCOL_VERSION } from '../../shared/protocol/protocol-limits.js';
import type { LoadedConfig } from './config.js';
import { type DecodedFrame, encodeFrame, FrameDecoder, FrameTooLargeError, parseFrameBody } from './framing.js';
import { isValidHelloReply, plainHelloRequest } from './hello-check.js';
import type { Log } from './logger.js';
import type { RunOutcome } from './runner/classify.js';
import { noAnswerPhrase, noAnswerWithin } from './backends/failure-words.js';
import type { BackendRunOptions, BackendRunRequest } from './runner/run-backend.js';
import { RunSlots } from './runner/run-slots.js';
import { isRecord } from '../../shared/util/is-record.js';
import { partLoadFailure } from './missing-part.js';
import { HOST_VERSION } from './version.js';

type Frames = typeof FrameSchemas;

/**
 * The zod schemas of every frame: a third of the helper's start when it evaluated them before its first
 * frame. They load after the first hello is answered, or when a frame needs them before that.
 */
let frames: Frames | undefined;
let framesLoading: Promise<Frames> | undefined;
function loadFrames(): Promise<Frames> {
  framesLoading ??= import('../../shared/protocol/frames.js').then((loaded) => (frames = loaded));
  return framesLoading;
}

/** The runner (process groups, run folders, output parsing) loads with the first `run`. */
async function runBackendLazily(req: BackendRunRequest, opts: BackendRunOptions): Promise<RunOutcome> {
  return (await import('./runner/run-backend.js')).runBackend(req, opts);
}

export interface HostServerOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  log: Log;
  config: LoadedConfig;
  watcherInfo(): WatcherInfo;
  describeBackends(): Promise<BackendInfo[]>;
  /** Called once, after the first hello reply is written: slow work that can wait starts here. */
  afterFirstHello?(): void;
  runBackend?(req: BackendRunRequest, opts: BackendRunOptions): Promise<RunOutcome>;
  slots?: RunSlots;
}

const KNOWN_TYPES = new Set(['hello', 'run']);

/** A request type for an error message; never stringifies a nested value (deep JSON would overflow the stack). */
function describeType(type: unknown): string {
  if (typeof type === 'string') return JSON.stringify(type.slice(0, 64));
  if (type === undefined || type === null) return 'null';
  return Array.isArray(type) ? 'of type array' : `of type ${typeof type}`;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'frame'}: ${issue.message}`)
    .join('; ');
}

export class HostServer {
  private readonly decoder = new FrameDecoder(MAX_FRAME_FROM_BROWSER);
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly slots: RunSlots;
  private readonly run: NonNullable<HostServerOptions['runBackend']>;
  private lastWrite: Promise<void> = Promise.resolve();
  /** Frames in and out that wait for the schemas, in arrival order; while any does, later ones queue behind it. */
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;
  /** What the last hello reported (JSON), or null before the first hello. */
  private helloBackends: string | null = null;
  private readonly ended: Promise<void>;

  constructor(private readonly opts: HostServerOptions) {
    this.slots = opts.slots ?? new RunSlots();
    this.run = opts.runBackend ?? runBackendLazily;
    this.ended = new Promise((resolve) => {
      opts.input.on('data', (chunk: Buffer) => {
        for (const frame of this.decoder.push(chunk)) {
          // One frame's failure must not drop the frames that arrived with it in the same chunk.
          try {
            this.handleFrame(frame);
          } catch (err) {
            opts.log(`bug: frame handling failed: ${(err as Error).stack ?? String(err)}`);
            this.sendError(undefined, 'internal host error');
          }
        }
      });
      opts.input.once('end', () => resolve());
      opts.input.once('close', () => resolve());
      opts.input.once('error', (err: Error) => {
        opts.log(`stdin error: ${err.message}`);
        resolve();
      });
    });
    opts.output.on('error', (err: Error) => {
      // The browser closed the pipe; nothing more can be said to it.
      opts.log(`stdout error: ${err.message}`);
      this.closed = true;
    });
  }

  /** Resolves when the browser closed stdin. */
  whenInputEnds(): Promise<void> {
    return this.ended;
  }

  /** Pushes a watcher frame to the browser. */
  push(event: WindowEvent | WatcherEvent): void {
    this.send(event);
  }

  /** The backends as found once every search is done: pushed when they differ from what hello said. */
  backendsSettled(backends: BackendInfo[]): void {
    const settled = JSON.stringify(backends);
    if (this.helloBackends === null || this.helloBackends === settled) return;
    this.helloBackends = settled;
    this.send({ type: 'backends', backends });
  }

  /** Kills running backends, waits for them, and flushes what was written. */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
    await this.queue;
    await this.lastWrite;
  }

  /**
   * Runs `task` with the schemas: at once when they are in and nothing waits before it, else after what does.
   * `id` is the request's (or the reply's), answered with an error when the schemas cannot load.
   */
  private withFrames(task: (loaded: Frames) => void, id?: number): void {
    if (frames && this.queued === 0) return task(frames);
    this.queued++;
    this.queue = this.queue
      .then(loadFrames)
      .then(task, (err: unknown) => this.framesMissing(err, id))
      .catch((err: unknown) => this.opts.log(`bug: ${(err as Error).stack ?? String(err)}`))
      .finally(() => this.queued--);
  }

  /**
   * The schemas are a file of their own (chunks/): a copy without it answers hello and nothing after. Each
   * frame then gets an error that says so, written unchecked (there is nothing to check it with), not silence.
   */
  private framesMissing(err: unknown, id: number | undefined): void {
    const message = `the helper could not read this frame: ${partLoadFailure(err)}`;
    this.opts.log(message);
    this.write({ ...(id === undefined ? {} : { id }), type: 'error', error: { kind: 'bad_request', message } });
  }

  /** Once the first hello is written, the schemas every later frame needs load in the background. */
  private loadFramesSoon(): void {
    void loadFrames().catch((err: unknown) => this.opts.log(`frame schemas failed to load: ${partLoadFailure(err)}`));
  }

  private send(message: HostMessage): void {
    if (this.closed) return;
    if (!frames && this.queued === 0 && message.type === 'hello' && isValidHelloReply(message)) return this.write(message);
    this.withFrames(
      (loaded) => this.checkAndWrite(message, loaded),
      'id' in message && typeof message.id === 'number' ? message.id : undefined,
    );
  }

  private checkAndWrite(message: HostMessage, loaded: Frames): void {
    const checked = loaded.HostMessage.safeParse(message);
    if (!checked.success) {
      this.opts.log(`bug: refusing to send an invalid ${message.type} frame: ${describeIssues(checked.error)}`);
      if ('id' in message && typeof message.id === 'number') this.sendError(message.id, 'host produced an invalid reply');
      return;
    }
    this.write(message);
  }

  /** Frames a checked message and writes it. */
  private write(message: HostMessage): void {
    let frame: Buffer;
    try {
      frame = encodeFrame(message, MAX_FRAME_TO_BROWSER);
    } catch (err) {
      if (!(err instanceof FrameTooLargeError)) throw err;
      this.opts.log(`reply too large (${err.size} bytes), replaced by an error`);
      if (message.type === 'result') {
        this.send({
          id: message.id,
          type: 'result',
          ok: false,
          error: { kind: 'api_error', message: `the answer was too large for the browser (${err.size} bytes)` },
          ms: message.ms,
        });
      } else if ('id' in message && typeof message.id === 'number') {
        this.sendError(message.id, `reply too large (${err.size} bytes)`);
      }
      return;
    }
    this.lastWrite = new Promise((resolve) => {
      this.opts.output.write(frame, () => resolve());
    });
  }

  private sendError(id: number | undefined, message: string): void {
    const reply: ErrorReply = { type: 'error', error: { kind: 'bad_request', message } };
    if (id !== undefined) reply.id = id;
    this.send(reply);
  }

  private handleFrame(frame: DecodedFrame): void {
    if (frame.kind === 'oversized') {
      this.sendError(undefined, `frame of ${frame.length} bytes exceeds the ${MAX_FRAME_FROM_BROWSER}-byte limit`);
      return;
    }
    const parsed = parseFrameBody(frame.body);
    if (!parsed.ok) return this.sendError(undefined, parsed.message);
    const value = parsed.value;
    if (!isRecord(value)) return this.sendError(undefined, 'frame must be a JSON object');
    // A browser's first frame is a hello: it is answered without the schemas (a plain one is all the check knows).
    const hello = !frames && this.queued === 0 ? plainHelloRequest(value) : undefined;
    if (hello) return this.accept(hello);
    this.withFrames(
      (loaded) => {
        try {
          this.handleRequest(value, loaded);
        } catch (err) {
          this.opts.log(`bug: frame handling failed: ${(err as Error).stack ?? String(err)}`);
          this.sendError(undefined, 'internal host error');
        }
      },
      typeof value.id === 'number' ? value.id : undefined,
    );
  }

  private handleRequest(value: Record<string, unknown>, loaded: Frames): void {
    const idCheck = loaded.RequestId.safeParse(value.id);
    const id = idCheck.success ? idCheck.data : undefined;
    if (typeof value.type !== 'string' || !KNOWN_TYPES.has(value.type)) {
      return this.sendError(id, `unknown request type ${describeType(value.type)}`);
    }
    const request = loaded.HostRequest.safeParse(value);
    if (!request.success) return this.sendError(id, `invalid ${value.type} request: ${describeIssues(request.error)}`);
    this.accept(request.data);
  }

  private accept(request: HostRequest): void {
    if (request.type === 'hello') {
      const { protocol = 1, version = 'unknown' } = request;
      this.opts.log(`hello from extension ${version} (protocol ${protocol}; this helper speaks ${PROTOCOL_VERSION})`);
    }
    const task = request.type === 'hello' ? this.hello(request.id) : this.runRequest(request);
    const tracked = task.catch((err: unknown) => {
      this.opts.log(`bug: request ${request.id} failed: ${(err as Error).stack ?? String(err)}`);
      this.sendError(request.id, 'internal host error');
    });
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async hello(id: number): Promise<void> {
    const backends = await this.opts.describeBackends();
    const first = this.helloBackends === null;
    this.helloBackends = JSON.stringify(backends);
    this.send({
      id,
      type: 'hello',
      hostVersion: HOST_VERSION,
      platform: process.platform,
      watcher: this.opts.watcherInfo(),
      backends,
      protocol: PROTOCOL_VERSION,
      oldestProtocol: OLDEST_PROTOCOL,
    });
    if (!first) return;
    this.loadFramesSoon();
    this.opts.afterFirstHello?.();
  }

  private async runRequest(req: RunRequest): Promise<void> {
    const started = Date.now();
    const deadline = started + req.timeoutMs;
    const reply = (outcome: RunOutcome): void => {
      const ms = Date.now() - started;
      this.opts.log(`run #${req.id} ${req.backend} → ${outcome.ok ? 'ok' : outcome.error.kind} in ${ms} ms`);
      const result: RunResult = outcome.ok
        ? { id: req.id, type: 'result', ok: true, text: outcome.text, ms }
        : { id: req.id, type: 'result', ok: false, error: outcome.error, ms };
      this.send(result);
    };
    const slot = this.slots.acquire(deadline);
    if (slot === 'busy') {
      const message = `the native host is busy: ${this.slots.maxQueued} runs are already waiting`;
      return reply({ ok: false, error: { kind: 'api_error', message, hint: 'try again in a moment' } });
    }
    const release = await slot;
    if (release === 'expired') {
      return reply({
        ok: false,
        error: {
          ...noAnswerWithin(req.backend, req.timeoutMs),
          message: `${req.backend} ${noAnswerPhrase(req.timeoutMs)}: it was still waiting for its turn`,
        },
      });
    }
    // Shutting down frees the running runs' slots: the queued ones must not start a CLI just to kill it.
    if (this.abort.signal.aborted) {
      release();
      return;
    }
    try {
      const outcome = await this.run(
        { backend: req.backend, prompt: req.prompt, timeoutMs: req.timeoutMs, ...(req.model ? { model: req.model } : {}) },
        { config: this.opts.config.config, configPath: this.opts.config.path, deadline, signal: this.abort.signal },
      );
      reply(outcome);
    } finally {
      release();
    }
  }
}

// NativeChannel: request/response over a native-messaging port, with handshake, timeouts and backoff.
import type { HostConnection } from '../../shared/core/host-connection';
import { HELPER_BLOCK_WORDS, type HelperBlock } from '../../shared/core/vocabulary';
import {
  HelloReply,
  HOST_TIMEOUT_GRACE_MS,
  HOST_MESSAGE_TYPES,
  HostMessage,
  type HostRequest,
  PROTOCOL_VERSION,
  type RunResult,
  type WatcherEvent,
  type WindowEvent,
} from '../../shared/protocol/frames';
import { Backoff } from '../../shared/util/backoff';
import { errorText } from '../../shared/util/error-text';

/** The slice of runtime.Port the channel uses, so tests can hand in a fake. */
export interface NativePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: (port: unknown) => void): void };
}

export interface NativeChannelDeps {
  connect(): NativePort;
  /** The browser's reason for the last disconnect (runtime.lastError / port.error). */
  lastError(port: unknown): string | undefined;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** This extension's release, told to the helper in `hello` (the manifest's version). */
  extensionVersion: string;
  /**
   * Asked before each connect: whether this browser may run the helper at all (Firefox's optional
   * nativeMessaging permission, Firefox for Android); absent, it may.
   */
  access?(): Promise<HelperAccess>;
}

/** What `access` finds: the helper may be started, or why it is not even looked for. */
export type HelperAccess = 'allowed' | HelperBlock;

/** The host as the channel knows it: what the controller and the surfaces are told. */
export type ChannelStatus = HostConnection;

export interface ChannelEvents {
  onStatus(status: ChannelStatus): void;
  onWindow(event: WindowEvent): void;
  onWatcher(event: WatcherEvent): void;
  onInvalid(message: string): void;
}

type Pending = { resolve: (value: HostMessage) => void; reject: (error: Error) => void; timer: unknown };

const HELLO_TIMEOUT_MS = 10_000;
/** A host that crashed or closed: 1 s, 2 s, 4 s … then once a minute. */
const RECONNECT_BACKOFF = { firstMs: 1_000, maxMs: 60_000 };
/** A host that is not installed will not appear by itself soon: retry rarely. */
const MISSING_RETRY_MS = 5 * 60_000;

export class ChannelClosedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelClosedError';
  }
}

/** The helper answered a request with an error frame (it could not read it). */
export class HostRejectedError extends Error {
  constructor(detail: string) {
    super(`host rejected the request: ${detail}`);
    this.name = 'HostRejectedError';
  }
}

function isMissingHost(error: string): boolean {
  return /not found|forbidden|not allowed|no such native application/i.test(error);
}

/** What a helper said of itself, forgotten once none answers: a watcher "running" or its version would no longer be true. */
const NO_HELPER_FACTS: Pick<HostConnection, 'backends' | 'hostVersion' | 'platform' | 'watcher' | 'protocol' | 'oldestProtocol'> = {
  backends: [],
  hostVersion: undefined,
  platform: undefined,
  watcher: undefined,
  protocol: undefined,
  oldestProtocol: undefined,
};

/**
 * Bitwarden-style native client: ids, a pending map with per-request timeouts, reject-all on
 * disconnect, a hello handshake, and reconnect with exponential backoff (never a busy loop).
 */
export class NativeChannel {
  private port: NativePort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly backoff = new Backoff(RECONNECT_BACKOFF);
  private retryTimer: unknown = null;
  private stopped = false;
  /** An access check is under way: a second open waits for it rather than connecting beside it. */
  private asking = false;
  private status: ChannelStatus;
  /** Frame types a newer helper sent that this extension does not know: each said once, then ignored. */
  private readonly unknownTypes = new Set<string>();

  constructor(
    private readonly deps: NativeChannelDeps,
    private readonly events: ChannelEvents,
  ) {
    this.status = { connection: 'disconnected', backends: [], extensionVersion: deps.extensionVersion };
  }

  get current(): ChannelStatus {
    return this.status;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.deps.clearTimer(this.retryTimer);
    this.close('stopped');
  }

  /** Drops the backoff and connects now (the person pressed Reconnect, or installed the host). */
  reconnectNow(): void {
    this.deps.clearTimer(this.retryTimer);
    this.backoff.reset();
    this.close('reconnecting');
    this.open();
  }

  private setStatus(patch: Partial<ChannelStatus>): void {
    const next: ChannelStatus = { ...this.status, ...patch };
    // Cleared fields go away, rather than staying as `undefined` keys the view would carry.
    for (const key of Object.keys(next) as (keyof ChannelStatus)[]) if (next[key] === undefined) delete next[key];
    this.status = next;
    this.events.onStatus(this.status);
  }

  /**
   * A scheduled retry keeps the last failure on screen: flipping to "Connecting…" for the moment
   * each attempt takes would make the status flicker while the host stays gone.
   */
  private open(retry = false): void {
    if (this.stopped || this.port || this.asking) return;
    if (!retry) this.setStatus({ connection: 'connecting', error: undefined, blocked: undefined });
    const { access } = this.deps;
    if (!access) return this.connect();
    this.asking = true;
    // A check that fails says nothing about the helper: connect, and let the browser's own error speak.
    void access()
      .catch(() => 'allowed' as const)
      .then((found) => {
        this.asking = false;
        if (this.stopped || this.port) return;
        if (found === 'allowed') this.connect();
        else this.block(found);
      });
  }

  /**
   * Not looked for, and no retry timer: the permission's grant (permissions.onAdded) or Reconnect opens
   * again; on Android nothing will.
   */
  private block(blocked: HelperBlock): void {
    const { why, hint } = HELPER_BLOCK_WORDS[blocked];
    this.deps.clearTimer(this.retryTimer);
    this.setStatus({
      connection: 'missing',
      blocked,
      error: `${why}: ${hint}`,
      ...NO_HELPER_FACTS,
    });
  }

  private connect(): void {
    let port: NativePort;
    try {
      port = this.deps.connect();
    } catch (error) {
      this.onClosed(errorText(error));
      return;
    }
    this.port = port;
    port.onMessage.addListener((message) => this.onMessage(message));
    port.onDisconnect.addListener((p) => {
      if (this.port !== port) return;
      this.port = null;
      this.onClosed(this.deps.lastError(p) ?? 'the helper closed the connection');
    });
    this.hello()
      .then((reply) => {
        const hello = HelloReply.safeParse(reply);
        if (!hello.success) throw new Error('the helper answered hello with an unexpected shape');
        this.backoff.reset();
        const { hostVersion, platform, watcher, backends, protocol, oldestProtocol } = hello.data;
        this.setStatus({ connection: 'connected', hostVersion, platform, watcher, backends, protocol, oldestProtocol, error: undefined });
      })
      .catch((error: Error) => {
        if (this.port === port) {
          this.close(error.message);
          this.onClosed(error.message);
        }
      });
  }

  /**
   * Says which protocol and release this is. A helper of protocol 1 refuses a hello with fields (its
   * hello is strict): it is asked again without them, and it then answers as it always did.
   */
  private async hello(): Promise<HostMessage> {
    const { extensionVersion } = this.deps;
    try {
      return await this.request({ type: 'hello', protocol: PROTOCOL_VERSION, version: extensionVersion }, HELLO_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof HostRejectedError)) throw error;
      return this.request({ type: 'hello' }, HELLO_TIMEOUT_MS);
    }
  }

  private close(reason: string): void {
    const port = this.port;
    this.port = null;
    if (port) {
      try {
        port.disconnect();
      } catch {
        // Already gone.
      }
    }
    this.rejectAll(reason);
  }

  private rejectAll(reason: string): void {
    for (const [id, p] of this.pending) {
      this.deps.clearTimer(p.timer);
      p.reject(new ChannelClosedError(reason));
      this.pending.delete(id);
    }
  }

  private onClosed(reason: string): void {
    this.rejectAll(reason);
    if (this.stopped) return;
    const missing = isMissingHost(reason);
    const delay = missing ? MISSING_RETRY_MS : this.backoff.next();
    // What the last helper said is gone with it: a window watcher "running" or its version would no longer be true.
    this.setStatus({
      connection: missing ? 'missing' : 'disconnected',
      error: reason,
      blocked: undefined,
      ...NO_HELPER_FACTS,
    });
    this.deps.clearTimer(this.retryTimer);
    this.retryTimer = this.deps.setTimer(() => this.open(true), delay);
  }

  private onMessage(raw: unknown): void {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (typeof type === 'string' && !HOST_MESSAGE_TYPES.includes(type)) {
      // A newer helper's frame: not malformed, just not ours to read. Said once per kind (bounded).
      if (!this.unknownTypes.has(type) && this.unknownTypes.size < 16) {
        this.unknownTypes.add(type);
        const helper = this.status.hostVersion ? ` ${this.status.hostVersion}` : '';
        this.events.onInvalid(
          `ignored "${type.slice(0, 40)}" frames from the helper${helper}: this extension does not know them (a newer helper?)`,
        );
      }
      return;
    }
    const parsed = HostMessage.safeParse(raw);
    if (!parsed.success) {
      this.events.onInvalid(`ignored a malformed frame from the host: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return;
    }
    const message = parsed.data;
    if (message.type === 'window') return this.events.onWindow(message);
    if (message.type === 'watcher') {
      // A status change keeps the hello's account of why this watcher was chosen.
      const { why, skipped } = this.status.watcher ?? {};
      this.setStatus({
        watcher: {
          ...(why !== undefined ? { why } : {}),
          ...(skipped !== undefined ? { skipped } : {}),
          state: message.state,
          kind: message.kind ?? this.status.watcher?.kind ?? 'unknown',
          ...(message.message ? { message: message.message } : {}),
        },
      });
      return this.events.onWatcher(message);
    }
    // The host's later account of its backends (hello did not wait for its slowest search).
    if (message.type === 'backends') return this.setStatus({ backends: message.backends });
    const id = message.id;
    if (id === undefined) {
      if (message.type === 'error') this.events.onInvalid(`host reported: ${message.error.message}`);
      return;
    }
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    this.deps.clearTimer(pending.timer);
    if (message.type === 'error') pending.reject(new HostRejectedError(message.error.message));
    else pending.resolve(message);
  }

  /** Sends a request; resolves with the host's reply or rejects on timeout or disconnect. */
  request(body: DistributiveOmit<HostRequest, 'id'>, timeoutMs: number): Promise<HostMessage> {
    const port = this.port;
    if (!port) return Promise.reject(new ChannelClosedError(this.status.error ?? 'the helper is not connected'));
    const id = this.nextId++;
    return new Promise<HostMessage>((resolve, reject) => {
      const timer = this.deps.setTimer(() => {
        this.pending.delete(id);
        reject(new Error(`the helper did not answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      try {
        port.postMessage({ ...body, id });
      } catch (error) {
        this.pending.delete(id);
        this.deps.clearTimer(timer);
        reject(new ChannelClosedError(errorText(error)));
      }
    });
  }

  /** Runs a backend; the host's own timeout fires first, ours is a backstop a little later. */
  async run(backend: string, model: string | undefined, prompt: string, timeoutMs: number): Promise<RunResult> {
    const reply = await this.request(
      { type: 'run', backend, prompt, timeoutMs, ...(model ? { model } : {}) },
      timeoutMs + HOST_TIMEOUT_GRACE_MS,
    );
    if (reply.type !== 'result') throw new Error(`the helper answered run with ${reply.type}`);
    return reply;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

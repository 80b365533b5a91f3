// wlroots window source: zwlr_foreign_toplevel_manager_v1 over $WAYLAND_DISPLAY, the activated toplevel as it changes.
import {
  SourceUnavailable,
  startReconnectingWatcher,
  type SourceHandlers,
  type SourceSession,
} from '../../watcher/reconnecting-watcher.js';
import { openSocketSession } from '../../watcher/socket-session.js';
import type { ObservedWindow, WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';
import { ArgReader, WaylandDecoder, encodeWaylandRequest, type WaylandMessage } from '../../watcher/wayland-wire.js';
import { MANAGER_INTERFACE } from './protocol.js';

export { MANAGER_INTERFACE };

const MANAGER_VERSION = 3;
const DISPLAY_ID = 1;
const REGISTRY_ID = 2;
const SYNC_ID = 3;
const MANAGER_ID = 4;

/** Opcodes, from the protocol XML (wayland.xml, wlr-foreign-toplevel-management-unstable-v1.xml). */
const OP = {
  display: { sync: 0, getRegistry: 1, evError: 0, evDeleteId: 1 },
  registry: { bind: 0, evGlobal: 0 },
  manager: { stop: 0, evToplevel: 0, evFinished: 1 },
  handle: { destroy: 7, evTitle: 0, evAppId: 1, evState: 4, evDone: 5, evClosed: 6 },
} as const;
const STATE_ACTIVATED = 2;

interface Toplevel {
  title: string;
  appId: string;
  activated: boolean;
}

/**
 * The client's state machine, free of sockets so it can be driven by recorded bytes: feed it the
 * compositor's messages, send what it returns, and read the active window from `onWindow`.
 */
export class ForeignToplevelClient {
  private managerName: number | undefined;
  private managerVersion = 0;
  private bound = false;
  private readonly toplevels = new Map<number, { current: Toplevel; pending: Toplevel }>();
  private activeId: number | undefined;

  constructor(
    private readonly onWindow: (window: ObservedWindow | null) => void,
    private readonly onReady: () => void,
    private readonly onFail: (error: Error) => void,
  ) {}

  /** The first requests: the registry, and a sync whose `done` says every global was announced. */
  hello(): Buffer {
    return Buffer.concat([
      encodeWaylandRequest(DISPLAY_ID, OP.display.getRegistry, [{ uint: REGISTRY_ID }]),
      encodeWaylandRequest(DISPLAY_ID, OP.display.sync, [{ uint: SYNC_ID }]),
    ]);
  }

  /** Handles one message; returns the requests to send in answer (none for most). */
  handle(message: WaylandMessage): Buffer[] {
    const args = new ArgReader(message.body);
    const id = message.objectId;
    if (id === DISPLAY_ID) {
      if (message.opcode === OP.display.evError) {
        const objectId = args.uint();
        const code = args.uint();
        this.onFail(new Error(`Wayland protocol error on object ${objectId} (code ${code}): ${args.string()}`));
      }
      return [];
    }
    if (id === REGISTRY_ID) {
      if (message.opcode === OP.registry.evGlobal) {
        const name = args.uint();
        const iface = args.string();
        const version = args.uint();
        if (iface === MANAGER_INTERFACE) {
          this.managerName = name;
          this.managerVersion = version;
        }
      }
      return [];
    }
    if (id === SYNC_ID) return this.bindManager();
    if (id === MANAGER_ID) {
      if (message.opcode === OP.manager.evToplevel) {
        const handle = args.uint();
        const blank = (): Toplevel => ({ title: '', appId: '', activated: false });
        this.toplevels.set(handle, { current: blank(), pending: blank() });
      } else if (message.opcode === OP.manager.evFinished) {
        this.onFail(new Error('the compositor stopped the toplevel list'));
      }
      return [];
    }
    const toplevel = this.toplevels.get(id);
    if (!toplevel) return [];
    switch (message.opcode) {
      case OP.handle.evTitle:
        toplevel.pending.title = args.string();
        return [];
      case OP.handle.evAppId:
        toplevel.pending.appId = args.string();
        return [];
      case OP.handle.evState:
        toplevel.pending.activated = args.uintArray().includes(STATE_ACTIVATED);
        return [];
      case OP.handle.evDone:
        toplevel.current = { ...toplevel.pending };
        this.applied(id, toplevel.current);
        return [];
      case OP.handle.evClosed:
        this.toplevels.delete(id);
        if (this.activeId === id) this.activeId = undefined;
        return [encodeWaylandRequest(id, OP.handle.destroy, [])];
      default:
        return [];
    }
  }

  private bindManager(): Buffer[] {
    if (this.bound) return [];
    if (this.managerName === undefined) {
      this.onFail(new SourceUnavailable(`this compositor does not offer ${MANAGER_INTERFACE}`));
      return [];
    }
    this.bound = true;
    this.onReady();
    const version = Math.min(MANAGER_VERSION, this.managerVersion);
    return [
      encodeWaylandRequest(REGISTRY_ID, OP.registry.bind, [
        { uint: this.managerName },
        { string: MANAGER_INTERFACE },
        { uint: version },
        { uint: MANAGER_ID },
      ]),
    ];
  }

  /**
   * A switch arrives as a deactivate and an activate, in either order: the window reported is the
   * one that is activated now; a deactivation alone reports nothing.
   */
  private applied(id: number, toplevel: Toplevel): void {
    if (toplevel.activated) {
      this.activeId = id;
      this.onWindow({ key: id, title: toplevel.title, app: toplevel.appId });
    } else if (this.activeId === id) {
      this.activeId = undefined;
    }
  }
}

function openForeignToplevelSession(socketPath: string, handlers: SourceHandlers, connectTimeoutMs: number): Promise<SourceSession> {
  return openSocketSession(socketPath, `Wayland socket ${socketPath}`, handlers, connectTimeoutMs, (socket, life) => {
    const decoder = new WaylandDecoder();
    const client = new ForeignToplevelClient(
      (window) => handlers.onWindow(window),
      () => life.opened(),
      (error) => life.fail(error),
    );
    socket.on('connect', () => socket.write(client.hello()));
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of decoder.push(chunk)) {
          for (const reply of client.handle(message)) socket.write(reply);
          if (life.closed) return;
        }
      } catch (err) {
        life.fail(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

export interface ForeignToplevelWatcherOptions extends WatcherStart {
  connectTimeoutMs?: number;
}

export function startForeignToplevelWatcher(sink: WatcherSink, options: ForeignToplevelWatcherOptions): WatcherHandle {
  return startReconnectingWatcher(sink, {
    kind: 'wlr-foreign-toplevel',
    describe: () => options.states.running(options.socket),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (handlers) => openForeignToplevelSession(options.socket, handlers, options.connectTimeoutMs ?? 5_000),
  });
}

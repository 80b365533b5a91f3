// sway IPC window source: the focused window from GET_TREE once, then each `window` event as sway sends it.
import * as z from 'zod';
import {
  SourceUnavailable,
  startReconnectingWatcher,
  type SourceHandlers,
  type SourceSession,
} from '../../watcher/reconnecting-watcher.js';
import { isSocket, mtime, newestSocket } from '../../watcher/socket-files.js';
import { openSocketSession } from '../../watcher/socket-session.js';
import type { ObservedWindow, WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';
import { errorText } from '../../../../shared/util/error-text.js';

const MAGIC = Buffer.from('i3-ipc', 'ascii');
const HEADER_BYTES = MAGIC.length + 8;
/** A whole tree of a busy desktop is well under this; more means the stream is not sway's. */
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

export const IPC = { SUBSCRIBE: 2, GET_TREE: 4 } as const;
const EVENT_BIT = 0x80000000;
export const IPC_EVENT = { WINDOW: (EVENT_BIT | 3) >>> 0, SHUTDOWN: (EVENT_BIT | 6) >>> 0 } as const;

export function encodeIpc(type: number, payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(body.length, MAGIC.length);
  header.writeUInt32LE(type >>> 0, MAGIC.length + 4);
  return Buffer.concat([header, body]);
}

/** Splits the IPC byte stream into messages; throws on a stream that is not i3-ipc. */
export class IpcDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Array<{ type: number; payload: string }> {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const out: Array<{ type: number; payload: string }> = [];
    while (this.buffer.length >= HEADER_BYTES) {
      if (!this.buffer.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('sway IPC: bad magic (not an i3-ipc stream)');
      const length = this.buffer.readUInt32LE(MAGIC.length);
      if (length > MAX_MESSAGE_BYTES) throw new Error(`sway IPC: message of ${length} bytes is over the limit`);
      if (this.buffer.length < HEADER_BYTES + length) break;
      const type = this.buffer.readUInt32LE(MAGIC.length + 4);
      out.push({ type, payload: this.buffer.toString('utf8', HEADER_BYTES, HEADER_BYTES + length) });
      this.buffer = this.buffer.subarray(HEADER_BYTES + length);
    }
    return out;
  }
}

const Container = z.object({
  id: z.number(),
  type: z.string().optional(),
  name: z.string().nullish(),
  app_id: z.string().nullish(),
  pid: z.number().int().positive().nullish(),
  focused: z.boolean().optional(),
  window_properties: z.object({ class: z.string().nullish(), instance: z.string().nullish() }).nullish(),
});
type Container = z.infer<typeof Container>;

const WindowEvent = z.object({ change: z.string(), container: Container });

/** A sway container as a window: app_id for Wayland-native clients, WM_CLASS for XWayland ones. */
export function containerWindow(c: Container): ObservedWindow | null {
  if (c.type !== undefined && c.type !== 'con' && c.type !== 'floating_con') return null; // a workspace or output
  const app = c.app_id || c.window_properties?.class || c.window_properties?.instance || '';
  const window: ObservedWindow = { key: c.id, title: c.name ?? '', app };
  if (c.pid) window.pid = c.pid;
  return window;
}

/** The focused node of a GET_TREE reply, if it is a window (not an empty workspace). */
export function focusedInTree(tree: unknown): ObservedWindow | null {
  const stack: unknown[] = [tree];
  let visited = 0;
  while (stack.length && visited++ < 100_000) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    const n = node as { focused?: unknown; nodes?: unknown; floating_nodes?: unknown };
    if (n.focused === true) {
      const parsed = Container.safeParse(node);
      return parsed.success ? containerWindow(parsed.data) : null;
    }
    for (const children of [n.nodes, n.floating_nodes]) if (Array.isArray(children)) stack.push(...children);
  }
  return null;
}

/** What a `window` event means for the active window: a new one, or nothing (undefined). */
export function windowEventChange(payload: string): ObservedWindow | null | undefined {
  const parsed = WindowEvent.safeParse(JSON.parse(payload));
  if (!parsed.success) return undefined;
  const { change, container } = parsed.data;
  if (change === 'focus') return containerWindow(container);
  // A title change matters only for the focused window; `urgent`, `move`, `mark`… never do.
  if (change === 'title' && container.focused) return containerWindow(container);
  return undefined;
}

/**
 * The newest live sway socket: `$SWAYSOCK`, or after sway restarted under another pid, the newest
 * of this user's `sway-ipc.<uid>.<pid>.sock` in `$XDG_RUNTIME_DIR` (a killed sway leaves its old one).
 */
export function findSwaySocket(env: NodeJS.ProcessEnv): string | undefined {
  const named = env.SWAYSOCK?.trim();
  const found = newestSocket(env.XDG_RUNTIME_DIR?.trim(), /^sway-ipc\.\d+\.\d+\.sock$/);
  if (!named || !isSocket(named)) return found;
  if (!found || found === named) return named;
  return mtime(found) > mtime(named) ? found : named;
}

function openSwaySession(socketPath: string, handlers: SourceHandlers, connectTimeoutMs: number): Promise<SourceSession> {
  return openSocketSession(socketPath, `sway IPC at ${socketPath}`, handlers, connectTimeoutMs, (socket, life) => {
    const decoder = new IpcDecoder();
    socket.on('connect', () => {
      socket.write(encodeIpc(IPC.SUBSCRIBE, JSON.stringify(['window', 'shutdown'])));
      socket.write(encodeIpc(IPC.GET_TREE, ''));
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of decoder.push(chunk)) {
          if (message.type === IPC.SUBSCRIBE) {
            const reply = JSON.parse(message.payload) as { success?: unknown };
            if (reply.success !== true) return life.fail('sway refused the window subscription');
          } else if (message.type === IPC.GET_TREE) {
            life.opened();
            handlers.onWindow(focusedInTree(JSON.parse(message.payload)));
          } else if (message.type === IPC_EVENT.WINDOW) {
            const change = windowEventChange(message.payload);
            if (change !== undefined) handlers.onWindow(change);
          } else if (message.type === IPC_EVENT.SHUTDOWN) {
            return life.fail('sway is shutting down');
          }
        }
      } catch (err) {
        life.fail(errorText(err));
      }
    });
  });
}

export interface SwayWatcherOptions extends WatcherStart {
  connectTimeoutMs?: number;
}

export function startSwayWatcher(sink: WatcherSink, options: SwayWatcherOptions): WatcherHandle {
  let socketPath = '';
  return startReconnectingWatcher(sink, {
    kind: 'sway-ipc',
    describe: () => options.states.running(socketPath),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: async (handlers) => {
      const found = findSwaySocket(options.env);
      if (!found) {
        if (!options.env.SWAYSOCK && !options.env.XDG_RUNTIME_DIR) throw new SourceUnavailable('no $SWAYSOCK and no $XDG_RUNTIME_DIR');
        throw new Error(`no sway IPC socket (${options.env.SWAYSOCK ?? 'sway-ipc.*.sock'})`);
      }
      socketPath = found;
      return openSwaySession(found, handlers, options.connectTimeoutMs ?? 5_000);
    },
  });
}

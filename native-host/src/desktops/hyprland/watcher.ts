// Hyprland window source: one `j/activewindow` query at start, then `activewindow>>CLASS,TITLE` lines from socket2.
import net from 'node:net';
import path from 'node:path';
import * as z from 'zod';
import { startReconnectingWatcher, type SourceHandlers, type SourceSession } from '../../watcher/reconnecting-watcher.js';
import { isSocket, newestSocket } from '../../watcher/socket-files.js';
import { openSocketSession } from '../../watcher/socket-session.js';
import type { ObservedWindow, WatcherHandle, WatcherSink } from '../../watcher/watcher-types.js';
import type { WatcherStart } from '../desktop-spec.js';

/** A line longer than this is not Hyprland's (titles are short): the stream is dropped and reopened. */
const MAX_LINE_CHARS = 64 * 1024;
const QUERY_TIMEOUT_MS = 2_000;

/**
 * One socket2 line as the active window: `activewindow>>CLASS,TITLE` (a class has no comma, the
 * title may). `activewindow>>,` is "no window". Other events say nothing about it (undefined).
 */
export function parseHyprlandLine(line: string): ObservedWindow | null | undefined {
  const sep = line.indexOf('>>');
  if (sep < 0 || line.slice(0, sep) !== 'activewindow') return undefined;
  const data = line.slice(sep + 2);
  const comma = data.indexOf(',');
  const app = comma < 0 ? data : data.slice(0, comma);
  const title = comma < 0 ? '' : data.slice(comma + 1);
  if (!app && !title) return null;
  return { title, app };
}

const ActiveWindow = z.object({
  class: z.string().optional(),
  title: z.string().optional(),
  pid: z.number().int().optional(),
  address: z.string().optional(),
});

/** The reply to `j/activewindow`: the window, or null (Hyprland answers `{}` without one). */
export function parseActiveWindowReply(text: string): ObservedWindow | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ActiveWindow.safeParse(json);
  if (!parsed.success || (!parsed.data.class && !parsed.data.title)) return null;
  const window: ObservedWindow = { title: parsed.data.title ?? '', app: parsed.data.class ?? '' };
  if (parsed.data.pid && parsed.data.pid > 0) window.pid = parsed.data.pid;
  return window;
}

/** Asks the request socket one question and reads the answer to EOF. */
export function queryHyprland(requestSocket: string, command: string, timeoutMs = QUERY_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(requestSocket);
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`Hyprland did not answer ${command} within ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
    socket.on('connect', () => socket.end(command));
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_LINE_CHARS * 4) socket.destroy(new Error('answer too large'));
      else chunks.push(chunk);
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

function openHyprlandSession(eventSocket: string, handlers: SourceHandlers, connectTimeoutMs: number): Promise<SourceSession> {
  const requestSocket = path.join(path.dirname(eventSocket), '.socket.sock');
  return openSocketSession(eventSocket, `Hyprland socket ${eventSocket}`, handlers, connectTimeoutMs, (socket, life) => {
    socket.setEncoding('utf8');
    let pending = '';
    socket.on('connect', () => {
      life.opened();
      // Events only report changes: ask once which window is active now. A line that arrives
      // meanwhile is newer, so the answer is dropped then.
      let sawEvent = false;
      socket.once('data', () => (sawEvent = true));
      queryHyprland(requestSocket, 'j/activewindow').then(
        (text) => {
          if (!life.closed && !sawEvent) handlers.onWindow(parseActiveWindowReply(text));
        },
        (err: Error) => handlers.log(`Hyprland: first query failed (${err.message}); waiting for the next event`),
      );
    });
    socket.on('data', (chunk: string) => {
      pending += chunk;
      if (pending.length > MAX_LINE_CHARS && !pending.includes('\n')) return life.fail('Hyprland socket2 sent an over-long line');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const change = parseHyprlandLine(line);
        if (change !== undefined) handlers.onWindow(change);
      }
    });
  });
}

export interface HyprlandWatcherOptions extends WatcherStart {
  connectTimeoutMs?: number;
}

/** The configured socket, or after a restart of Hyprland (a new instance signature) the newest one. */
function findHyprlandSocket(configured: string): string | undefined {
  if (isSocket(configured)) return configured;
  return newestSocket(path.dirname(path.dirname(configured)), /^[^/]+$/, '.socket2.sock');
}

export function startHyprlandWatcher(sink: WatcherSink, options: HyprlandWatcherOptions): WatcherHandle {
  let socket = options.socket;
  return startReconnectingWatcher(sink, {
    kind: 'hyprland',
    describe: () => options.states.running(socket),
    firstRetryMs: options.firstRetryMs,
    maxRetryMs: options.maxRetryMs,
    open: (handlers) => {
      const found = findHyprlandSocket(options.socket);
      if (!found) return Promise.reject(new Error(`no Hyprland socket at ${options.socket}`));
      socket = found;
      return openHyprlandSession(found, handlers, options.connectTimeoutMs ?? 5_000);
    },
  });
}

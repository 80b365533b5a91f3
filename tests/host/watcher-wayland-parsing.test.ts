// The Wayland-side parsers without a compositor: sway IPC framing and events, Hyprland lines, the Wayland wire format.
import { describe, expect, it } from 'vitest';
import { parseActiveWindowReply, parseHyprlandLine } from '../../native-host/src/desktops/hyprland/watcher.js';
import {
  encodeIpc,
  focusedInTree,
  IPC,
  IPC_EVENT,
  IpcDecoder,
  windowEventChange,
  containerWindow,
} from '../../native-host/src/desktops/sway/watcher.js';
import { ArgReader, encodeWaylandRequest, WaylandDecoder, type WaylandArg } from '../../native-host/src/watcher/wayland-wire.js';
import { ForeignToplevelClient, MANAGER_INTERFACE } from '../../native-host/src/desktops/wlroots/watcher.js';
import type { ObservedWindow } from '../../native-host/src/watcher/watcher-types.js';

describe('sway IPC framing', () => {
  it('round-trips messages split at any byte', () => {
    const stream = Buffer.concat([encodeIpc(IPC.SUBSCRIBE, '{"success":true}'), encodeIpc(IPC_EVENT.WINDOW, '{"change":"focus"}')]);
    for (let cut = 1; cut < stream.length; cut++) {
      const d = new IpcDecoder();
      const got = [...d.push(stream.subarray(0, cut)), ...d.push(stream.subarray(cut))];
      expect(got).toEqual([
        { type: IPC.SUBSCRIBE, payload: '{"success":true}' },
        { type: IPC_EVENT.WINDOW, payload: '{"change":"focus"}' },
      ]);
    }
  });

  it('refuses a stream that is not i3-ipc, and an absurd length', () => {
    expect(() => new IpcDecoder().push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'))).toThrow(/bad magic/);
    const huge = encodeIpc(1, '');
    huge.writeUInt32LE(0x7fffffff, 6);
    expect(() => new IpcDecoder().push(huge)).toThrow(/over the limit/);
  });
});

describe('sway window events', () => {
  const con = { id: 7, type: 'con', name: 'notes.md - Editor', app_id: 'foot', pid: 1234, focused: true };

  it('focus events name the window; XWayland windows by their class', () => {
    expect(windowEventChange(JSON.stringify({ change: 'focus', container: con }))).toEqual({
      key: 7,
      title: 'notes.md - Editor',
      app: 'foot',
      pid: 1234,
    });
    const xwayland = { ...con, app_id: null, window_properties: { class: 'Chromium', instance: 'chromium' } };
    expect(windowEventChange(JSON.stringify({ change: 'focus', container: xwayland }))).toMatchObject({ app: 'Chromium' });
  });

  it('a title change counts only for the focused window; other changes never', () => {
    expect(windowEventChange(JSON.stringify({ change: 'title', container: con }))).toMatchObject({ title: 'notes.md - Editor' });
    expect(windowEventChange(JSON.stringify({ change: 'title', container: { ...con, focused: false } }))).toBeUndefined();
    for (const change of ['new', 'close', 'move', 'urgent', 'mark', 'fullscreen_mode', 'floating'])
      expect(windowEventChange(JSON.stringify({ change, container: con }))).toBeUndefined();
  });

  it('ignores events of the wrong shape instead of throwing', () => {
    expect(windowEventChange(JSON.stringify({ change: 'focus' }))).toBeUndefined();
    expect(windowEventChange(JSON.stringify({ change: 'focus', container: { id: 'x' } }))).toBeUndefined();
    expect(windowEventChange('[]')).toBeUndefined();
  });

  it('finds the focused window in a tree, and nothing on an empty focused workspace', () => {
    const tree = {
      id: 1,
      type: 'root',
      nodes: [
        {
          id: 2,
          type: 'output',
          nodes: [
            {
              id: 3,
              type: 'workspace',
              nodes: [{ ...con, focused: false }],
              floating_nodes: [{ ...con, id: 9, focused: true, name: 'float' }],
            },
          ],
        },
      ],
    };
    expect(focusedInTree(tree)).toMatchObject({ key: 9, title: 'float' });
    expect(focusedInTree({ id: 1, nodes: [{ id: 3, type: 'workspace', focused: true, nodes: [] }] })).toBeNull();
    expect(focusedInTree(null)).toBeNull();
    expect(containerWindow({ id: 3, type: 'workspace', name: '1' })).toBeNull();
  });
});

describe('Hyprland socket2 lines', () => {
  it('reads CLASS,TITLE with commas in the title, and the empty line as no window', () => {
    expect(parseHyprlandLine('activewindow>>kitty,vim a, b, c')).toEqual({ app: 'kitty', title: 'vim a, b, c' });
    expect(parseHyprlandLine('activewindow>>firefox,')).toEqual({ app: 'firefox', title: '' });
    expect(parseHyprlandLine('activewindow>>,')).toBeNull();
  });

  it('ignores every other event, including activewindowv2', () => {
    for (const line of ['activewindowv2>>5632a0', 'workspace>>2', 'windowtitle>>5632a0', 'openwindow>>a,1,kitty,t', '', 'garbage'])
      expect(parseHyprlandLine(line)).toBeUndefined();
  });

  it('reads the j/activewindow reply, with the pid; {} is no window; garbage is no window', () => {
    expect(parseActiveWindowReply('{"address":"0x1","class":"kitty","title":"zsh","pid":42}')).toEqual({
      app: 'kitty',
      title: 'zsh',
      pid: 42,
    });
    expect(parseActiveWindowReply('{}')).toBeNull();
    expect(parseActiveWindowReply('Invalid command')).toBeNull();
  });
});

/** A compositor's event, encoded the way the wire carries requests (the format is the same). */
const event = (objectId: number, opcode: number, args: WaylandArg[] = []) => encodeWaylandRequest(objectId, opcode, args);
const stateArray = (...states: number[]) => {
  const b = Buffer.alloc(4 + states.length * 4);
  b.writeUInt32LE(states.length * 4, 0);
  states.forEach((s, i) => b.writeUInt32LE(s, 4 + i * 4));
  return b;
};
/** A `state` event: the array argument is written by hand (the encoder knows uint and string only). */
function stateEvent(handle: number, ...states: number[]): Buffer {
  const body = stateArray(...states);
  const header = Buffer.alloc(8);
  header.writeUInt32LE(handle, 0);
  header.writeUInt32LE(((8 + body.length) << 16) | 4, 4);
  return Buffer.concat([header, body]);
}

describe('Wayland wire format', () => {
  it('strings are NUL-terminated and padded to 4 bytes; messages split anywhere decode the same', () => {
    const msg = encodeWaylandRequest(2, 0, [{ uint: 5 }, { string: 'abc' }, { string: 'wxyz' }, { uint: 3 }]);
    expect(msg.length).toBe(8 + 4 + 8 + 12 + 4);
    for (let cut = 1; cut < msg.length; cut++) {
      const d = new WaylandDecoder();
      const [m] = [...d.push(msg.subarray(0, cut)), ...d.push(msg.subarray(cut))];
      const r = new ArgReader(m!.body);
      expect([r.uint(), r.string(), r.string(), r.uint()]).toEqual([5, 'abc', 'wxyz', 3]);
    }
  });

  it('refuses a malformed size and arguments that run past the message', () => {
    const bad = Buffer.alloc(8);
    bad.writeUInt32LE((4 << 16) | 0, 4);
    expect(() => new WaylandDecoder().push(bad)).toThrow(/malformed/);
    const short = encodeWaylandRequest(2, 0, [{ uint: 100 }]);
    const [m] = new WaylandDecoder().push(short);
    const r = new ArgReader(m!.body);
    expect(() => r.string()).toThrow(/past the message/);
  });
});

describe('foreign-toplevel client', () => {
  function client() {
    const windows: (ObservedWindow | null)[] = [];
    const failures: Error[] = [];
    let ready = false;
    const c = new ForeignToplevelClient(
      (w) => windows.push(w),
      () => (ready = true),
      (e) => failures.push(e),
    );
    const feed = (...chunks: Buffer[]) => {
      const out: Buffer[] = [];
      for (const m of new WaylandDecoder().push(Buffer.concat(chunks))) out.push(...c.handle(m));
      return out;
    };
    return { c, windows, failures, feed, isReady: () => ready };
  }

  it('binds the manager once the registry is complete, at version ≤ 3', () => {
    const t = client();
    const replies = t.feed(
      event(2, 0, [{ uint: 1 }, { string: 'wl_compositor' }, { uint: 5 }]),
      event(2, 0, [{ uint: 9 }, { string: MANAGER_INTERFACE }, { uint: 3 }]),
      event(3, 0, [{ uint: 0 }]),
    );
    expect(t.isReady()).toBe(true);
    const [bind] = new WaylandDecoder().push(Buffer.concat(replies));
    expect(bind).toMatchObject({ objectId: 2, opcode: 0 });
    const r = new ArgReader(bind!.body);
    expect([r.uint(), r.string(), r.uint(), r.uint()]).toEqual([9, MANAGER_INTERFACE, 3, 4]);
  });

  it('a compositor without the protocol is unavailable, not retried', () => {
    const t = client();
    t.feed(event(2, 0, [{ uint: 1 }, { string: 'wl_compositor' }, { uint: 5 }]), event(3, 0, [{ uint: 0 }]));
    expect(t.failures[0]?.constructor.name).toBe('SourceUnavailable');
  });

  it('reports the activated toplevel on done, a switch in either order once, a title change of the active one', () => {
    const t = client();
    t.feed(event(2, 0, [{ uint: 9 }, { string: MANAGER_INTERFACE }, { uint: 3 }]), event(3, 0, [{ uint: 0 }]));
    const A = 0xff000001;
    const B = 0xff000002;
    t.feed(
      event(4, 0, [{ uint: A }]),
      event(A, 0, [{ string: 'Alpha' }]),
      event(A, 1, [{ string: 'foot' }]),
      stateEvent(A, 2),
      event(A, 5),
      event(4, 0, [{ uint: B }]),
      event(B, 0, [{ string: 'Beta' }]),
      event(B, 1, [{ string: 'chromium' }]),
      stateEvent(B),
      event(B, 5),
    );
    expect(t.windows).toEqual([{ key: A, title: 'Alpha', app: 'foot' }]);
    // Deactivate first, then activate: one report.
    t.feed(stateEvent(A), event(A, 5), stateEvent(B, 2), event(B, 5));
    // Activate first, then deactivate: one report.
    t.feed(stateEvent(A, 2), event(A, 5), stateEvent(B), event(B, 5));
    t.feed(event(A, 0, [{ string: 'Alpha, renamed' }]), event(A, 5));
    expect(t.windows.slice(1)).toEqual([
      { key: B, title: 'Beta', app: 'chromium' },
      { key: A, title: 'Alpha', app: 'foot' },
      { key: A, title: 'Alpha, renamed', app: 'foot' },
    ]);
    // Nothing is applied before `done` (the protocol's atomic update).
    t.feed(event(B, 0, [{ string: 'half' }]));
    expect(t.windows).toHaveLength(4);
  });

  it('destroys a closed handle, and a protocol error ends the session', () => {
    const t = client();
    t.feed(event(2, 0, [{ uint: 9 }, { string: MANAGER_INTERFACE }, { uint: 3 }]), event(3, 0, [{ uint: 0 }]));
    const A = 0xff000001;
    t.feed(event(4, 0, [{ uint: A }]));
    const [destroy] = new WaylandDecoder().push(Buffer.concat(t.feed(event(A, 6))));
    expect(destroy).toMatchObject({ objectId: A, opcode: 7 });
    t.feed(event(1, 0, [{ uint: 4 }, { uint: 2 }, { string: 'invalid method' }]));
    expect(t.failures[0]?.message).toMatch(/protocol error on object 4 \(code 2\): invalid method/);
  });
});

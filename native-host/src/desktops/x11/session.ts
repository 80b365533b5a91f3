// One X11 connection: follows _NET_ACTIVE_WINDOW and the active window's title, reports each read.
import x11 from 'x11';
import type { XClient, XDisplay, XError, XEvent, XProperty } from 'x11';
import { decodeTextProperty, decodeWmClass } from './text.js';

export interface ActiveWindow {
  window: number;
  title: string;
  app: string;
  pid?: number;
}

export interface X11SessionHandlers {
  /** Called after every read; `null` = no active window (0, none, or it vanished mid-read). */
  onWindow(window: ActiveWindow | null): void;
  /** Called once when the connection is gone (server died, socket error). */
  onLost(reason: string): void;
  log(line: string): void;
}

const PROPERTY_NOTIFY = 28;
/** Longest property read, in 32-bit units: 64 KiB is far beyond any sane title. */
const MAX_PROPERTY_WORDS = 16_384;
const ATOM_NAMES = ['_NET_ACTIVE_WINDOW', '_NET_WM_NAME', '_NET_WM_PID', 'UTF8_STRING', 'COMPOUND_TEXT'] as const;
type AtomName = (typeof ATOM_NAMES)[number] | 'WM_NAME' | 'WM_CLASS' | 'STRING';
type Atoms = Record<AtomName, number>;
/** Predefined atoms of the core protocol. */
const CORE_ATOMS = { STRING: 31, WM_NAME: 39, WM_CLASS: 67 } as const;

function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || (err as XError).code || 'unknown error';
  return String(err);
}

/** Connects to `display`; rejects on failure or when setup takes longer than `timeoutMs`. */
function connect(display: string, timeoutMs: number): Promise<XDisplay> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let client: XClient | undefined;
    const finish = (err: Error | null, value?: XDisplay) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        client?.stream?.destroy();
        reject(err);
      } else resolve(value!);
    };
    const timer = setTimeout(() => finish(new Error(`X server at ${display} did not answer within ${timeoutMs} ms`)), timeoutMs);
    try {
      // shm: false keeps x11 off its fd-passing socket (internal Node bindings we do not need).
      client = x11.createClient({ display, shm: false }, (err, xDisplay) => {
        if (err) finish(new Error(`cannot connect to X server ${display}: ${describeError(err)}`));
        else finish(null, xDisplay);
      });
      // An EventEmitter 'error' with no listener would throw; setup errors also arrive here.
      client.on('error', (err: XError) => {
        if (!settled) finish(new Error(`cannot connect to X server ${display}: ${describeError(err)}`));
      });
    } catch (err) {
      finish(new Error(`cannot connect to X server ${display}: ${describeError(err)}`));
    }
  });
}

export class X11Session {
  private watched = 0;
  private refreshing = false;
  private dirty = false;
  private closed = false;

  private constructor(
    private readonly client: XClient,
    private readonly root: number,
    private readonly atoms: Atoms,
    private readonly handlers: X11SessionHandlers,
  ) {}

  static async open(display: string, timeoutMs: number, handlers: X11SessionHandlers): Promise<X11Session> {
    const xDisplay = await connect(display, timeoutMs);
    const client = xDisplay.client;
    const root = xDisplay.screen[0]?.root;
    let session: X11Session | undefined;
    let failSetup: (err: Error) => void = () => {};
    const setupLost = new Promise<never>((_, reject) => (failSetup = reject));
    setupLost.catch(() => {});
    const lost = (reason: string) => {
      if (session) return session.lose(reason);
      client.stream.destroy();
      failSetup(new Error(reason));
    };
    client.removeAllListeners('error');
    client.on('error', (err: XError) => {
      // Protocol errors (a window vanished) are routine; only socket errors end the session.
      if (typeof err.error === 'number') handlers.log(`x11 protocol error ignored: ${describeError(err)}`);
      else lost(`X connection error: ${describeError(err)}`);
    });
    client.on('end', () => lost(`X server ${display} closed the connection`));
    client.stream.on('close', () => lost(`X connection to ${display} closed`));
    try {
      if (root === undefined) throw new Error('X server reported no screens');
      const atoms = await Promise.race([internAtoms(client), setupLost]);
      const created = new X11Session(client, root, atoms, handlers);
      // Without the root selection there would be no events at all: fail rather than sit silent.
      if (!(await Promise.race([created.selectPropertyChanges(root), setupLost])))
        throw new Error('cannot select PropertyChange on the root window');
      session = created;
      client.on('event', (ev: XEvent) => created.onEvent(ev));
      created.requestRefresh();
      return created;
    } catch (err) {
      client.stream.destroy();
      throw err;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.client.terminate();
    } catch {
      // already closing
    }
    this.client.stream.destroy();
  }

  private lose(reason: string): void {
    if (this.closed) return;
    this.close();
    this.handlers.onLost(reason);
  }

  private onEvent(ev: XEvent): void {
    if (this.closed || ev.type !== PROPERTY_NOTIFY) return;
    const { atoms } = this;
    if (ev.wid === this.root && ev.atom === atoms._NET_ACTIVE_WINDOW) this.requestRefresh();
    else if (ev.wid === this.watched && (ev.atom === atoms._NET_WM_NAME || ev.atom === atoms.WM_NAME || ev.atom === atoms.WM_CLASS))
      this.requestRefresh();
  }

  /** Coalesces bursts of events into sequential reads; a read started while dirty runs once more. */
  private requestRefresh(): void {
    if (this.refreshing) {
      this.dirty = true;
      return;
    }
    this.refreshing = true;
    void this.refreshLoop();
  }

  private async refreshLoop(): Promise<void> {
    try {
      do {
        this.dirty = false;
        const active = await this.readActive();
        if (this.closed) return;
        this.handlers.onWindow(active);
      } while (this.dirty && !this.closed);
    } catch (err) {
      if (!this.closed) this.handlers.log(`x11 read failed: ${describeError(err)}`);
    } finally {
      this.refreshing = false;
    }
  }

  private async readActive(): Promise<ActiveWindow | null> {
    const { atoms } = this;
    const activeProp = await this.getProperty(this.root, atoms._NET_ACTIVE_WINDOW);
    const window = activeProp && activeProp.data.length >= 4 ? activeProp.data.readUInt32LE(0) : 0;
    await this.watch(window);
    if (window === 0) return null;
    const [netName, wmName, wmClass, pidProp] = await Promise.all([
      this.getProperty(window, atoms._NET_WM_NAME),
      this.getProperty(window, atoms.WM_NAME),
      this.getProperty(window, atoms.WM_CLASS),
      this.getProperty(window, atoms._NET_WM_PID),
    ]);
    // The window vanished between the event and the read (BadWindow on every request).
    if (!netName && !wmName && !wmClass && !pidProp && !(await this.exists(window))) return null;
    const title = this.decodeTitle(netName, wmName);
    const app = wmClass && wmClass.data.length > 0 ? decodeWmClass(wmClass.data) : '';
    const pid = pidProp && pidProp.format === 32 && pidProp.data.length >= 4 ? pidProp.data.readUInt32LE(0) : undefined;
    return pid === undefined || pid === 0 ? { window, title, app } : { window, title, app, pid };
  }

  private decodeTitle(netName: XProperty | null, wmName: XProperty | null): string {
    // _NET_WM_NAME is UTF-8 by specification, whatever type a sloppy client stored it with.
    if (netName && netName.data.length > 0) return decodeTextProperty('UTF8_STRING', netName.data);
    if (!wmName || wmName.data.length === 0) return '';
    const { atoms } = this;
    const typeName = wmName.type === atoms.COMPOUND_TEXT ? 'COMPOUND_TEXT' : wmName.type === atoms.STRING ? 'STRING' : 'UTF8_STRING';
    return decodeTextProperty(typeName, wmName.data);
  }

  /** Moves our PropertyChange selection from the previously active window to `window`. */
  private async watch(window: number): Promise<void> {
    if (window === this.watched) return;
    const previous = this.watched;
    this.watched = window;
    // Our event mask on a window is per client, so clearing it touches nobody else's selection.
    if (previous !== 0) void this.changeEventMask(previous, 0);
    if (window !== 0) await this.changeEventMask(window, x11.eventMask.PropertyChange);
  }

  private selectPropertyChanges(window: number): Promise<boolean> {
    return this.changeEventMask(window, x11.eventMask.PropertyChange);
  }

  /** Resolves false when the window is gone (BadWindow), never rejects on protocol errors. */
  private changeEventMask(window: number, eventMask: number): Promise<boolean> {
    return new Promise((resolve) => {
      try {
        this.client.ChangeWindowAttributes(window, { eventMask }, (err) => {
          resolve(!err);
          return true;
        });
      } catch {
        resolve(false);
      }
    });
  }

  /** Resolves null when the property is missing or the window is gone. */
  private getProperty(window: number, atom: number): Promise<XProperty | null> {
    return new Promise((resolve) => {
      try {
        this.client.GetProperty(0, window, atom, 0, 0, MAX_PROPERTY_WORDS, (err, prop) => {
          resolve(err || !prop || prop.type === 0 ? null : prop);
          return true;
        });
      } catch {
        resolve(null);
      }
    });
  }

  private exists(window: number): Promise<boolean> {
    return this.changeEventMask(window, window === this.watched ? x11.eventMask.PropertyChange : 0);
  }
}

function internAtoms(client: XClient): Promise<Atoms> {
  return Promise.all(
    ATOM_NAMES.map(
      (name) =>
        new Promise<number>((resolve, reject) => {
          client.InternAtom(false, name, (err, atom) => {
            if (err) reject(new Error(`InternAtom ${name} failed: ${describeError(err)}`));
            else resolve(atom);
            return true;
          });
        }),
    ),
  ).then((values) => {
    const atoms = { ...CORE_ATOMS } as Atoms;
    ATOM_NAMES.forEach((name, i) => (atoms[name] = values[i]!));
    return atoms;
  });
}

// Types for the parts of the untyped `x11` npm package (CJS) that the window watcher uses.
declare module 'x11' {
  import type { EventEmitter } from 'node:events';
  import type { Duplex } from 'node:stream';

  export interface XProperty {
    type: number;
    format: number;
    bytesAfter: number;
    data: Buffer;
  }

  export interface XEvent {
    name?: string;
    type: number;
    wid?: number;
    atom?: number;
    state?: number;
  }

  /** A protocol error (has a numeric `error` code) or a socket error (has a string `code`). */
  export interface XError extends Error {
    error?: number;
    code?: string;
    badParam?: number;
  }

  /** Reply callbacks return true to mark an error as handled (else the client emits 'error'). */
  export type XCallback<T> = (err: XError | null | undefined, value: T) => boolean | void;

  export interface XClient extends EventEmitter {
    stream: Duplex;
    InternAtom(onlyIfExists: boolean, name: string, cb: XCallback<number>): void;
    GetAtomName(atom: number, cb: XCallback<string>): void;
    GetProperty(
      del: number,
      wid: number,
      atom: number,
      type: number,
      longOffset: number,
      longLength: number,
      cb: XCallback<XProperty>,
    ): void;
    ChangeWindowAttributes(wid: number, values: { eventMask: number }, cb?: XCallback<undefined>): void;
    terminate(): void;
  }

  export interface XScreen {
    root: number;
  }

  export interface XDisplay {
    client: XClient;
    screen: XScreen[];
  }

  export interface CreateClientOptions {
    display?: string;
    shm?: boolean | 'off';
    disableBigRequests?: boolean;
  }

  export function createClient(options: CreateClientOptions, cb: (err: XError | undefined, display: XDisplay) => void): XClient;

  export const eventMask: { PropertyChange: number };
}

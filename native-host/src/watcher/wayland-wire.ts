// The Wayland wire format, the little a window-list client needs: framing, uint/string/array arguments.

const HEADER_BYTES = 8;

export interface WaylandMessage {
  objectId: number;
  opcode: number;
  /** The arguments, undecoded: read them with an ArgReader in the order the interface defines. */
  body: Buffer;
}

export type WaylandArg = { uint: number } | { string: string };

function pad4(n: number): number {
  return (n + 3) & ~3;
}

export function encodeWaylandRequest(objectId: number, opcode: number, args: WaylandArg[]): Buffer {
  const parts: Buffer[] = [];
  for (const arg of args) {
    if ('uint' in arg) {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(arg.uint >>> 0, 0);
      parts.push(b);
    } else {
      const text = Buffer.from(arg.string, 'utf8');
      const b = Buffer.alloc(4 + pad4(text.length + 1));
      b.writeUInt32LE(text.length + 1, 0);
      text.copy(b, 4);
      parts.push(b);
    }
  }
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(objectId >>> 0, 0);
  header.writeUInt32LE((((HEADER_BYTES + body.length) << 16) | opcode) >>> 0, 4);
  return Buffer.concat([header, body]);
}

/** Splits the byte stream from the compositor into messages; throws on a malformed one. */
export class WaylandDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): WaylandMessage[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const out: WaylandMessage[] = [];
    while (this.buffer.length >= HEADER_BYTES) {
      const word = this.buffer.readUInt32LE(4);
      const size = word >>> 16;
      // The size is 16 bits, so a message can never make the buffer grow past 64 KiB.
      if (size < HEADER_BYTES || size % 4 !== 0) throw new Error(`Wayland: malformed message of ${size} bytes`);
      if (this.buffer.length < size) break;
      out.push({ objectId: this.buffer.readUInt32LE(0), opcode: word & 0xffff, body: this.buffer.subarray(HEADER_BYTES, size) });
      this.buffer = this.buffer.subarray(size);
    }
    return out;
  }
}

/** Reads one message's arguments in order; throws when the body is shorter than they need. */
export class ArgReader {
  private offset = 0;

  constructor(private readonly body: Buffer) {}

  uint(): number {
    if (this.offset + 4 > this.body.length) throw new Error('Wayland: message too short');
    const value = this.body.readUInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  /** A string argument; a null string (length 0) reads as ''. */
  string(): string {
    const length = this.uint();
    if (length === 0) return '';
    if (this.offset + pad4(length) > this.body.length) throw new Error('Wayland: string runs past the message');
    const text = this.body.toString('utf8', this.offset, this.offset + length - 1);
    this.offset += pad4(length);
    return text;
  }

  /** An array argument read as 32-bit values (how every enum array is sent). */
  uintArray(): number[] {
    const length = this.uint();
    if (this.offset + pad4(length) > this.body.length) throw new Error('Wayland: array runs past the message');
    const values: number[] = [];
    for (let i = 0; i + 4 <= length; i += 4) values.push(this.body.readUInt32LE(this.offset + i));
    this.offset += pad4(length);
    return values;
  }
}

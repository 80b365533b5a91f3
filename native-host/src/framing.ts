// Native-messaging framing: 32-bit native-endian length + UTF-8 JSON, decoded incrementally.
import { endianness } from 'node:os';
import { MAX_FRAME_FROM_BROWSER, MAX_FRAME_TO_BROWSER } from '../../shared/protocol/protocol-limits.js';

export type DecodedFrame = { kind: 'frame'; body: Buffer } | { kind: 'oversized'; length: number };

const HEADER_BYTES = 4;
const NATIVE_LITTLE_ENDIAN = endianness() === 'LE';

/**
 * Feed it chunks as they arrive; it returns complete frames. A frame longer than `maxBody` is
 * reported as soon as its header is read and its bytes are then dropped as they stream by, so
 * memory stays bounded by `maxBody` whatever the sender declares.
 */
export class FrameDecoder {
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerFill = 0;
  private body: Buffer | undefined;
  private bodyFill = 0;
  private skipRemaining = 0;

  constructor(
    private readonly maxBody: number = MAX_FRAME_FROM_BROWSER,
    private readonly littleEndian: boolean = NATIVE_LITTLE_ENDIAN,
  ) {}

  /** Bytes currently held (header + partial body); never more than 4 + maxBody. */
  get bufferedBytes(): number {
    return this.headerFill + (this.body?.length ?? 0);
  }

  /** True when no partial frame is pending (a clean place for the stream to end). */
  get idle(): boolean {
    return this.headerFill === 0 && !this.body && this.skipRemaining === 0;
  }

  push(chunk: Buffer): DecodedFrame[] {
    const frames: DecodedFrame[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      if (this.skipRemaining > 0) {
        const skipped = Math.min(this.skipRemaining, chunk.length - offset);
        this.skipRemaining -= skipped;
        offset += skipped;
        continue;
      }
      if (this.body) {
        const copied = chunk.copy(this.body, this.bodyFill, offset, Math.min(chunk.length, offset + this.body.length - this.bodyFill));
        this.bodyFill += copied;
        offset += copied;
        if (this.bodyFill === this.body.length) {
          frames.push({ kind: 'frame', body: this.body });
          this.body = undefined;
          this.bodyFill = 0;
        }
        continue;
      }
      const copied = chunk.copy(this.header, this.headerFill, offset, Math.min(chunk.length, offset + HEADER_BYTES - this.headerFill));
      this.headerFill += copied;
      offset += copied;
      if (this.headerFill < HEADER_BYTES) continue;
      this.headerFill = 0;
      const length = this.littleEndian ? this.header.readUInt32LE(0) : this.header.readUInt32BE(0);
      if (length > this.maxBody) {
        frames.push({ kind: 'oversized', length });
        this.skipRemaining = length;
      } else if (length === 0) {
        frames.push({ kind: 'frame', body: Buffer.alloc(0) });
      } else {
        this.body = Buffer.alloc(length);
        this.bodyFill = 0;
      }
    }
    return frames;
  }
}

export class FrameTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly max: number,
  ) {
    super(`frame of ${size} bytes exceeds the ${max}-byte limit`);
  }
}

/** Serialises one message; throws FrameTooLargeError rather than produce a frame the browser rejects. */
export function encodeFrame(message: unknown, max: number = MAX_FRAME_TO_BROWSER, littleEndian = NATIVE_LITTLE_ENDIAN): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  if (body.length > max) throw new FrameTooLargeError(body.length, max);
  const frame = Buffer.alloc(HEADER_BYTES + body.length);
  if (littleEndian) frame.writeUInt32LE(body.length, 0);
  else frame.writeUInt32BE(body.length, 0);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export type ParsedBody = { ok: true; value: unknown } | { ok: false; message: string };

/** Strict UTF-8 then JSON; malformed input becomes a message, never an exception. */
export function parseFrameBody(body: Buffer): ParsedBody {
  let text: string;
  try {
    text = strictUtf8.decode(body);
  } catch {
    return { ok: false, message: 'frame is not valid UTF-8' };
  }
  if (!text.trim()) return { ok: false, message: 'frame is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, message: `frame is not JSON: ${(err as Error).message}` };
  }
}

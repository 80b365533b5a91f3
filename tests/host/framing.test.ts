// FrameDecoder / encodeFrame as pure code: chunking, zero-length, oversized skipping, bad bodies.
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, FrameTooLargeError, parseFrameBody, type DecodedFrame } from '../../native-host/src/framing.js';

function header(length: number, littleEndian = true): Buffer {
  const buf = Buffer.alloc(4);
  if (littleEndian) buf.writeUInt32LE(length, 0);
  else buf.writeUInt32BE(length, 0);
  return buf;
}

function bodies(frames: DecodedFrame[]): string[] {
  return frames.map((f) => (f.kind === 'frame' ? f.body.toString('utf8') : `oversized:${f.length}`));
}

describe('FrameDecoder', () => {
  it('decodes frames split byte by byte', () => {
    const decoder = new FrameDecoder(1024, true);
    const wire = encodeFrame({ id: 1, type: 'hello' }, 1024, true);
    const out: DecodedFrame[] = [];
    for (const byte of wire) out.push(...decoder.push(Buffer.from([byte])));
    expect(bodies(out)).toEqual(['{"id":1,"type":"hello"}']);
    expect(decoder.idle).toBe(true);
  });

  it('decodes several frames coalesced in one chunk, including a zero-length one', () => {
    const decoder = new FrameDecoder(1024, true);
    const wire = Buffer.concat([encodeFrame('a', 1024, true), header(0), encodeFrame([1, 2], 1024, true)]);
    expect(bodies(decoder.push(wire))).toEqual(['"a"', '', '[1,2]']);
  });

  it('honours big-endian when told to', () => {
    const decoder = new FrameDecoder(1024, false);
    expect(bodies(decoder.push(encodeFrame({ x: 1 }, 1024, false)))).toEqual(['{"x":1}']);
  });

  it('reports an oversized frame at once and skips its bytes without buffering them', () => {
    const max = 1024;
    const decoder = new FrameDecoder(max, true);
    const declared = 50 * 1024 * 1024;
    const reported = decoder.push(header(declared));
    expect(reported).toEqual([{ kind: 'oversized', length: declared }]);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let maxBuffered = 0;
    for (let sent = 0; sent < declared; sent += chunk.length) {
      expect(decoder.push(chunk)).toEqual([]);
      maxBuffered = Math.max(maxBuffered, decoder.bufferedBytes);
    }
    expect(maxBuffered).toBe(0);
    // The stream is back in sync: the next frame decodes normally.
    expect(bodies(decoder.push(encodeFrame({ after: true }, max, true)))).toEqual(['{"after":true}']);
  });

  it('an oversized frame followed by a good one in the same chunk', () => {
    const decoder = new FrameDecoder(8, true);
    const wire = Buffer.concat([header(10), Buffer.alloc(10, 0x20), encodeFrame(1, 8, true)]);
    expect(bodies(decoder.push(wire))).toEqual(['oversized:10', '1']);
  });

  it('holds at most the declared body of an allowed frame while it arrives', () => {
    const decoder = new FrameDecoder(1024, true);
    decoder.push(Buffer.concat([header(1000), Buffer.alloc(10)]));
    expect(decoder.bufferedBytes).toBe(1000);
    expect(decoder.idle).toBe(false);
  });
});

describe('parseFrameBody', () => {
  it('rejects invalid UTF-8, empty and non-JSON bodies with a message', () => {
    expect(parseFrameBody(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).toEqual({ ok: false, message: 'frame is not valid UTF-8' });
    expect(parseFrameBody(Buffer.alloc(0))).toEqual({ ok: false, message: 'frame is empty' });
    expect(parseFrameBody(Buffer.from('{nope'))).toMatchObject({ ok: false, message: expect.stringMatching(/not JSON/) });
  });

  it('accepts any JSON value (shape is checked later)', () => {
    expect(parseFrameBody(Buffer.from('[1]'))).toEqual({ ok: true, value: [1] });
    expect(parseFrameBody(Buffer.from('"ü"'))).toEqual({ ok: true, value: 'ü' });
  });
});

describe('encodeFrame', () => {
  it('refuses to produce a frame over the limit', () => {
    expect(() => encodeFrame('x'.repeat(100), 50)).toThrow(FrameTooLargeError);
    expect(encodeFrame('x'.repeat(48), 50).length).toBe(54);
  });
});

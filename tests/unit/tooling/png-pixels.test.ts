// The PNG reader `npm run images` compares pictures with: every row filter undone, every 8-bit colour type read as RGBA.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngPixels, samePixels } from '../../../scripts/png-pixels.mjs';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The reader does not check CRCs: zeros stand in.
  return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** A PNG of `rows` (each `width * channels` bytes), row y filtered with filter y % 5, as an encoder may choose. */
function encode(rows: number[][], width: number, colour: number, channels: number, extra: Buffer[] = []): Buffer {
  const stride = width * channels;
  const filtered = rows.map((row, y) => {
    const type = y % 5;
    const above = rows[y - 1] ?? new Array<number>(stride).fill(0);
    const out = row.map((v, x) => {
      const a = x >= channels ? row[x - channels]! : 0;
      const b = above[x]!;
      const c = x >= channels ? above[x - channels]! : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type]!;
      return (v - predicted) & 0xff;
    });
    return Buffer.from([type, ...out]);
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(rows.length, 4);
  header[8] = 8;
  header[9] = colour;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', deflateSync(Buffer.concat(filtered))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Five rows of three RGBA pixels that differ everywhere, so every filter has work to do. */
const RGBA = Array.from({ length: 5 }, (_, y) => Array.from({ length: 12 }, (_, x) => (y * 53 + x * 29 + ((x * y) % 7) * 31) & 0xff));

describe('pngPixels', () => {
  it('undoes each of the five row filters', () => {
    const { width, height, rgba } = pngPixels(encode(RGBA, 3, 6, 4));
    expect([width, height]).toEqual([3, 5]);
    expect([...rgba]).toEqual(RGBA.flat());
  });

  it('reads RGB, grey, grey with alpha and a palette as RGBA', () => {
    const rgb = RGBA.map((row) => row.filter((_, i) => i % 4 !== 3));
    expect([...pngPixels(encode(rgb, 3, 2, 3)).rgba]).toEqual(RGBA.flat().map((v, i) => (i % 4 === 3 ? 255 : v)));
    expect([...pngPixels(encode([[7, 200]], 2, 0, 1)).rgba]).toEqual([7, 7, 7, 255, 200, 200, 200, 255]);
    expect([...pngPixels(encode([[9, 128]], 1, 4, 2)).rgba]).toEqual([9, 9, 9, 128]);
    const palette = chunk('PLTE', Buffer.from([1, 2, 3, 4, 5, 6]));
    expect([...pngPixels(encode([[1, 0]], 2, 3, 1, [palette])).rgba]).toEqual([4, 5, 6, 255, 1, 2, 3, 255]);
  });

  it('calls two encodings of one picture the same, and one pixel off different', () => {
    const grey = encode([[10, 20, 30]], 3, 0, 1);
    const rgb = encode([[10, 10, 10, 20, 20, 20, 30, 30, 30]], 3, 2, 3);
    expect(samePixels(grey, rgb)).toBe(true);
    expect(samePixels(grey, encode([[10, 20, 31]], 3, 0, 1))).toBe(false);
    expect(samePixels(grey, encode([[10, 20]], 2, 0, 1))).toBe(false);
  });

  it('refuses what is not a PNG it reads', () => {
    expect(() => pngPixels(Buffer.from('not a png'))).toThrow('not a PNG');
    const sixteenBit = encode([[1]], 1, 0, 1);
    sixteenBit[24] = 16;
    expect(() => pngPixels(sixteenBit)).toThrow(/unsupported PNG/);
  });
});

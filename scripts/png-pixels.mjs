// Reads a PNG's pixels (8-bit RGBA, whatever the encoder chose), so two files can be compared by what they show, not their bytes.
import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type: grey, -, RGB, palette, grey + alpha, -, RGBA. */
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Undoes the per-row filters (PNG spec § 9) of non-interlaced image data. */
function unfilter(data, width, height, bpp) {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const type = data[y * (stride + 1)];
    const row = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[at + x - bpp] : 0;
      const b = y > 0 ? out[at - stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[at - stride + x - bpp] : 0;
      let v = row[x];
      if (type === 1) v += a;
      else if (type === 2) v += b;
      else if (type === 3) v += (a + b) >> 1;
      else if (type === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (type !== 0) throw new Error(`unknown PNG filter ${type} in row ${y}`);
      out[at + x] = v & 0xff;
    }
  }
  return out;
}

/** `{width, height, rgba}` of an 8-bit, non-interlaced PNG (what Chromium and scripts/make-icons.mjs write); throws on others. */
export function pngPixels(bytes) {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let header;
  let palette;
  let alphaOfPalette;
  const data = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR')
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12] };
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') alphaOfPalette = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header) throw new Error('a PNG without IHDR');
  const { width, height, depth, colour, interlace } = header;
  const channels = CHANNELS[colour];
  if (depth !== 8 || interlace !== 0 || !channels)
    throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
  const raw = unfilter(inflateSync(Buffer.concat(data)), width, height, channels);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const px = raw.subarray(i * channels, (i + 1) * channels);
    let rgbaOf;
    if (colour === 0) rgbaOf = [px[0], px[0], px[0], 255];
    else if (colour === 4) rgbaOf = [px[0], px[0], px[0], px[1]];
    else if (colour === 2) rgbaOf = [px[0], px[1], px[2], 255];
    else if (colour === 6) rgbaOf = [px[0], px[1], px[2], px[3]];
    else rgbaOf = [palette[px[0] * 3], palette[px[0] * 3 + 1], palette[px[0] * 3 + 2], alphaOfPalette?.[px[0]] ?? 255];
    rgba.set(rgbaOf, i * 4);
  }
  return { width, height, rgba };
}

/** Whether two PNG files show the same pixels. */
export function samePixels(a, b) {
  const x = pngPixels(a);
  const y = pngPixels(b);
  return x.width === y.width && x.height === y.height && x.rgba.equals(y.rgba);
}

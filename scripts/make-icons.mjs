// Draws the toolbar icons (a calm target: "stay on the mark") as PNGs into public/icon/; the store images reuse its drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const GREEN = [24, 128, 56];
const WHITE = [255, 255, 255];

/**
 * The icon as a PNG, `size` pixels square: coverage of a pixel by the shape, 4×4 supersampled for smooth edges.
 * `padding`: transparent pixels on each side (the Chrome Web Store's icon is 96 px of art in 128).
 */
export function icon(size, padding = 0) {
  const art = size - 2 * padding;
  return png(size, (x, y) => {
    let green = 0;
    let white = 0;
    for (let sy = 0; sy < 4; sy++) {
      for (let sx = 0; sx < 4; sx++) {
        const px = (x - padding + (sx + 0.5) / 4) / art - 0.5;
        const py = (y - padding + (sy + 0.5) / 4) / art - 0.5;
        const d = Math.hypot(px, py);
        if (d > 0.48) continue;
        if ((d > 0.25 && d < 0.33) || d < 0.12) white++;
        else green++;
      }
    }
    const total = green + white;
    if (!total) return [0, 0, 0, 0];
    const mix = (i) => Math.round((GREEN[i] * green + WHITE[i] * white) / total);
    return [mix(0), mix(1), mix(2), Math.round((total / 16) * 255)];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync('public/icon', { recursive: true });
  for (const size of [16, 32, 48, 96, 128]) writeFileSync(`public/icon/${size}.png`, icon(size));
  console.log('icons written to public/icon/');
}

#!/usr/bin/env node
// `npm run images`: draws the curated pictures (scripts/curated-images.mjs) from the real extension and keeps those whose pixels changed.
// The tests that draw them write under artifacts/ on every run; only this command writes into docs/, and a file whose pixels are
// the same is left as it is, so running it twice changes nothing the second time.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURATED } from './curated-images.mjs';
import { samePixels } from './png-pixels.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const files = [...new Set(CURATED.map((c) => c.by))];

if (!process.argv.includes('--keep-only')) {
  // The e2e tier's global setup builds what is missing or stale and starts the X displays.
  try {
    // One time zone and language on every machine: the pictures show the time of day and the date.
    const env = { ...process.env, TZ: 'UTC', LANG: 'en_US.UTF-8', LANGUAGE: 'en_US', LC_ALL: 'en_US.UTF-8' };
    execFileSync(process.execPath, [vitest, 'run', '--project', 'e2e', ...files], { cwd: root, stdio: 'inherit', env });
  } catch {
    console.error('images: a test that draws them failed; docs/ is unchanged');
    process.exit(1);
  }
}

const undrawn = CURATED.filter((c) => !existsSync(join(root, c.drawn)));
if (undrawn.length) {
  console.error(`images: not drawn: ${undrawn.map((c) => `${c.drawn} (${c.by})`).join(', ')}; docs/ is unchanged`);
  process.exit(1);
}
const changed = [];
for (const image of CURATED) {
  const drawn = join(root, image.drawn);
  const kept = join(root, image.kept);
  if (existsSync(kept) && samePixels(readFileSync(drawn), readFileSync(kept))) continue;
  copyFileSync(drawn, kept);
  changed.push(image.kept);
}
console.log(
  changed.length
    ? `images: ${changed.length} changed: ${changed.join(', ')}`
    : `images: all ${CURATED.length} show what they showed; nothing written`,
);

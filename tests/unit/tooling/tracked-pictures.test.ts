// The repository keeps code and a few curated pictures: a PNG in git outside scripts/curated-images.mjs's list fails here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CURATED, TRACKED_PICTURES } from '../../../scripts/curated-images.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The pictures git holds (staged ones included), or another extension's, in this checkout. */
function tracked(pattern: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--', pattern], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('the pictures in git', () => {
  it('are the curated ones and the icons, each there', () => {
    const strays = [...tracked('*.png'), ...tracked('*.jpg'), ...tracked('*.jpeg'), ...tracked('*.webp')].filter(
      (file) => !TRACKED_PICTURES.includes(file),
    );
    expect(strays, 'pictures a run draws belong under artifacts/; curated ones in scripts/curated-images.mjs').toEqual([]);
    for (const file of TRACKED_PICTURES) expect(existsSync(`${root}${file}`), file).toBe(true);
  });

  it('each curated one is drawn under artifacts/, by a test that exists', () => {
    for (const image of CURATED) {
      expect(image.drawn.startsWith('artifacts/'), image.drawn).toBe(true);
      expect(existsSync(`${root}${image.by}`), image.by).toBe(true);
    }
    expect(new Set(CURATED.map((c) => c.kept)).size).toBe(CURATED.length);
  });
});

// Types of scripts/curated-images.mjs, for the tests that read it.
export interface CuratedImage {
  /** Where the repository keeps it. */
  kept: string;
  /** Where a test run draws it (under artifacts/). */
  drawn: string;
  /** The test file that draws it. */
  by: string;
}
export const CURATED: readonly CuratedImage[];
export const ICONS: readonly string[];
export const TRACKED_PICTURES: readonly string[];

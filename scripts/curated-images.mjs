// The pictures the repository keeps, and where each is drawn; every other picture a run draws stays under artifacts/.
/** The one test that draws them all, on a frozen clock. */
const BY = 'tests/e2e/curated-images.test.ts';
const readme = (name) => ({ kept: `docs/screenshots/${name}.png`, drawn: `artifacts/curated/screenshots/${name}.png`, by: BY });
const store = (file) => ({ kept: `docs/store/images/${file}`, drawn: `artifacts/curated/store/${file}`, by: BY });

/** The README's and the guide's pictures, and the stores': `npm run images` draws them from the real extension. */
export const CURATED = [
  readme('popup-idle'),
  readme('popup-active'),
  readme('popup-drifting'),
  readme('toast-drift'),
  readme('toast-nudge'),
  readme('popup-heads-up'),
  readme('popup-review'),
  readme('history'),
  readme('history-dark'),
  readme('options'),
  ...[
    'screenshot-1-popup-session.png',
    'screenshot-2-drift-banner.png',
    'screenshot-3-strict-block-page.png',
    'screenshot-4-history.png',
    'screenshot-5-welcome.png',
    'promo-tile-440x280.png',
    'icon-128.png',
    'logo-300.png',
  ].map(store),
];

/** The extension's own toolbar icons (scripts/make-icons.mjs): part of the product, shipped in every build. */
export const ICONS = [16, 32, 48, 96, 128].map((size) => `public/icon/${size}.png`);

/** Every PNG git may hold. */
export const TRACKED_PICTURES = [...CURATED.map((c) => c.kept), ...ICONS];

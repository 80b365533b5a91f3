#!/usr/bin/env node
// `npm run store-assets`: the store images in docs/store/images/, drawn by tests/e2e/store-assets.test.ts from the real extension.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
// The e2e tier's global setup builds what is missing or stale (the extension, its end-to-end build, the helper, release/) and starts
// the X displays; the test writes into docs/ only when asked to, so `npm test` runs the same file without changing the tree.
try {
  execFileSync(process.execPath, [vitest, 'run', '--project', 'e2e', 'tests/e2e/store-assets.test.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ANTIDRIFT_STORE_ASSETS: '1' },
  });
} catch {
  process.exit(1);
}
console.log('store images written to docs/store/images/ (docs/store/listing.md says where each goes)');

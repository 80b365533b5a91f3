// Vitest config for the long soaks in bench/ (kept out of `npm test`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['bench/soak-*.test.ts'], environment: 'node', testTimeout: 30 * 60_000 },
});

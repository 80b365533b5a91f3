// Bundles the native host into one runnable file: native-host/dist/antidrift-host.mjs.
import { build } from 'esbuild';
import { chmodSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const outfile = join(here, 'dist', 'antidrift-host.mjs');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __ANTIDRIFT_HOST_VERSION__: JSON.stringify(version) },
  banner: {
    // Bundled CommonJS dependencies (x11) call require(); ESM output has none without this.
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __antidriftCreateRequire } from 'node:module';",
      'const require = __antidriftCreateRequire(import.meta.url);',
    ].join('\n'),
  },
});
chmodSync(outfile, 0o755);
console.log(`built ${outfile} (${version})`);

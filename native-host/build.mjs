// Bundles the native host: native-host/dist/antidrift-host.mjs runs it; the watchers' libraries sit beside it in chunks/.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
/**
 * `--outdir DIR --version X.Y.Z` build a helper elsewhere that calls itself another release: the tests'
 * helper of a newer release than this extension. By default: native-host/dist, this package's version.
 */
const option = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const outdir = option('outdir') ?? join(here, 'dist');
const entry = join(outdir, 'antidrift-host.mjs');
const version = option('version') ?? JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

/**
 * zod's namespaces re-export all of its ~50 message locales (370 KB, a fifth of the host); the host
 * only ever uses the English one zod configures itself with, so `locales` resolves to just that.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: join(root, 'node_modules', 'zod', 'v4', 'locales', 'en.js') } : undefined,
    );
  },
};

// Old chunks must not linger next to new ones (their names carry content hashes).
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { 'antidrift-host': join(here, 'src', 'main.ts') },
  outdir,
  // Split: the entry and its chunks hold what answers `hello` (~50 KB); zod and the frames' schemas,
  // the watchers (X11 and D-Bus libraries: half the host), the runner and the installer are chunks
  // loaded by import() once hello is answered or a command needs them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Whitespace and syntax only: names stay, so a stack trace in the host log still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __ANTIDRIFT_HOST_VERSION__: JSON.stringify(version) },
  plugins: [zodEnglishOnly],
  banner: {
    // Bundled CommonJS dependencies (x11) call require(); ESM output has none without this.
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __antidriftCreateRequire } from 'node:module';",
      'const require = __antidriftCreateRequire(import.meta.url);',
    ].join('\n'),
  },
});
chmodSync(entry, 0o755);
console.log(`built ${entry} (${version})`);

// Bundles the native host: native-host/dist/antidrift-host.cjs, one file that answers hello; what loads later sits beside it in chunks/.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
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
const entry = join(outdir, 'antidrift-host.cjs');
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

/** What loads after hello, each by import(): built apart from the entry, into chunks/<name>.mjs. */
const LATER = {
  // Not watcher/index.ts: that one probes, so it imports the desktop specs, which the entry holds already.
  watcher: join(here, 'src', 'watcher', 'start-chosen.ts'),
  install: join(here, 'src', 'install', 'index.ts'),
  'run-backend': join(here, 'src', 'runner', 'run-backend.ts'),
  'config-schema': join(here, 'src', 'config-schema.ts'),
  'codex-features': join(here, 'src', 'backends', 'codex-features.ts'),
  frames: join(root, 'shared', 'protocol', 'frames.ts'),
};
/** The one module both sides must share, not copy: the login-shell probe's cache. The entry exports it. */
const SHARED_FROM_ENTRY = join(here, 'src', 'runner', 'login-shell-path.ts');
const sourceOf = (args) => join(args.resolveDir, args.path).replace(/\.js$/, '.ts');

/**
 * In the entry, every import() of our own code is left as an import of its built file: the parts in LATER
 * by their names, any other one (a desktop's watcher its spec loads when chosen, an install step) by its
 * path, and built with them. So nothing an import() defers is copied into the entry that answers hello.
 */
const discovered = {};
const laterAsFiles = {
  name: 'later-as-files',
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !args.path.startsWith('.')) return undefined;
      const source = sourceOf(args);
      const name =
        Object.keys(LATER).find((key) => LATER[key] === source) ??
        relative(root, source)
          .replace(/\.ts$/, '')
          .split(sep)
          .join('-')
          // A desktop's part is named by its folder: chunks/x11-watcher.mjs, not native-host-src-desktops-x11-watcher.
          .replace(/^native-host-src-(desktops-)?/, '');
      if (!(name in LATER)) discovered[name] = source;
      return { path: `./chunks/${name}.mjs`, external: true };
    });
  },
};

/** In the parts in LATER, the probe's module is the entry's (a second copy would probe a second time). */
const probeFromEntry = {
  name: 'probe-from-entry',
  setup(b) {
    b.onResolve({ filter: /login-shell-path\.js$/ }, (args) =>
      sourceOf(args) === SHARED_FROM_ENTRY ? { path: '../antidrift-host.cjs', external: true } : undefined,
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  // Whitespace and syntax only: names stay, so a stack trace in the host log still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __ANTIDRIFT_HOST_VERSION__: JSON.stringify(version) },
  banner: {
    // Bundled CommonJS dependencies (x11) call require(); ESM output has none without this. The chunks are
    // never run directly: only the entry (its own banner below) has a shebang.
    js: [
      "import { createRequire as __antidriftCreateRequire } from 'node:module';",
      'const require = __antidriftCreateRequire(import.meta.url);',
    ].join('\n'),
  },
};

// Old chunks must not linger next to new ones (their names carry content hashes).
rmSync(outdir, { recursive: true, force: true });
// The entry is one file with everything hello needs (~54 KB): Node's loader takes 8 ms longer over the same
// code in nine files. The modules it shares with the parts below are copies there, all stateless but the probe.
// It is CommonJS: starting Node's ES module loader costs ~10 ms before the first line runs (Node 20, measured
// beside a bare `node -e`), and hello needs none of it; the chunks are ES modules, loaded by import() later.
// esbuild marks the entry's exports for Node's CommonJS lexer, so the chunks import the probe by name.
await build({
  ...common,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  banner: { js: '#!/usr/bin/env node' },
  entryPoints: { 'antidrift-host': join(here, 'src', 'main.ts') },
  outdir,
  plugins: [laterAsFiles],
});
// Split: zod and the frames' schemas, the watchers (X11 and D-Bus libraries: half the host), the runner and
// the installer, each loaded by import() once hello is answered or a command needs it.
// The parts found above come in the order esbuild resolved them, which varies from run to run; esbuild orders each chunk's
// imports by its entry points, so they go in sorted by name: the same sources build the same bytes.
const byName = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);
await build({
  ...common,
  entryPoints: { ...LATER, ...Object.fromEntries(Object.entries(discovered).sort(byName)) },
  outdir: join(outdir, 'chunks'),
  splitting: true,
  chunkNames: '[name]-[hash]',
  plugins: [zodEnglishOnly, probeFromEntry],
});
chmodSync(entry, 0o755);
console.log(`built ${entry} (${version})`);

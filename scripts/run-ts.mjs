// Bundles a TypeScript suite (bench, eval) with esbuild into a cache file under node_modules and runs its main(argv).
import { build } from 'esbuild';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The suites and the test helpers they reuse find files relative to their own source (`new URL('..', import.meta.url)`):
 * keep that meaning in the bundle by replacing `import.meta.url` with each source file's URL.
 */
function sourceUrls() {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      }));
    },
  };
}

/** Builds `entry` (relative to the repo) and resolves with the exit code its `main(argv)` returns. */
export async function runTs(entry, cacheName, argv) {
  // Under node_modules so the bundle resolves playwright-core & co. from the repo, and git never sees it.
  const outDir = join(root, 'node_modules', '.cache', cacheName);
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'suite.mjs');
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    sourcemap: 'inline',
    plugins: [sourceUrls()],
  });
  const { main } = await import(pathToFileURL(outfile).href);
  return main(argv);
}

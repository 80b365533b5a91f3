// `npm run bench`: bundles the TypeScript suite with esbuild into a cache file and runs it.
// Usage: npm run bench [-- section ...]   sections: watcher wayland tab start cold firefox os runner spawn workday throughput footprint history (default: all)
import { build } from 'esbuild';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Under node_modules so the bundle resolves playwright-core & co. from the repo, and git never sees it.
const outDir = join(root, 'node_modules', '.cache', 'antidrift-bench');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'suite.mjs');

/**
 * The suite and the test helpers it reuses find files relative to their own source (`new URL('..', import.meta.url)`):
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

await build({
  entryPoints: [join(root, 'bench', 'suite', 'main.ts')],
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
process.exitCode = await main(process.argv.slice(2));

// `npm run bench`: bundles the TypeScript suite with esbuild into a cache file and runs it.
// Usage: npm run bench [-- section ...]   sections: watcher wayland desktops tab start cold firefox os runner spawn workday throughput footprint history (default: all)
import { runTs } from '../scripts/run-ts.mjs';

process.exitCode = await runTs('bench/suite/main.ts', 'antidrift-bench', process.argv.slice(2));

// `npm run bench`: bundles the TypeScript suite with esbuild into a cache file and runs it.
// Usage: npm run bench [-- section ... | --only a,b]   sections (suite/sections.ts): watcher wayland desktops tab os (badge: both) firefox runner workday throughput cold start spawn history strict footprint (default: all)
import { runTs } from '../scripts/run-ts.mjs';

process.exitCode = await runTs('bench/suite/main.ts', 'antidrift-bench', process.argv.slice(2));

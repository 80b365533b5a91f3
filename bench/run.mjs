// `npm run bench`: bundles the TypeScript suite with esbuild into a cache file and runs it.
// Usage: npm run bench [-- section ... | --only a,b] [--quick]   sections (suite/sections.ts): watcher wayland desktops tab os (badge: both) firefox runner workday throughput cold start spawn history strict footprint (default: all)
// --quick: every section on the least input it takes (results in artifacts/bench-quick/); --list: the sections as JSON.
import { runTs } from '../scripts/run-ts.mjs';

const argv = process.argv.slice(2);
// A quick run has its own bundle: the test that runs one may do so while a full run is going.
process.exitCode = await runTs('bench/suite/main.ts', argv.includes('--quick') ? 'antidrift-bench-quick' : 'antidrift-bench', argv);

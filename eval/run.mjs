// `npm run eval`: bundles the TypeScript eval suite with esbuild into a cache file and runs it (see eval/suite/args.ts).
import { runTs } from '../scripts/run-ts.mjs';

process.exitCode = await runTs('eval/suite/main.ts', 'antidrift-eval', process.argv.slice(2));

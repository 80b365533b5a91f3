// Builds what the host tests run before the first one: the bundled host, and release/ (the helper's package, the zips) for release.test.ts.
import { ensureBuilt } from '../../harness/builds';

export default function setup(): void {
  ensureBuilt(['host', 'release']);
}

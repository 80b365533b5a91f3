// Builds what the host tests read before the first one: the bundled host, release/ (the helper's package, the zips), and the
// development and end-to-end builds (their manifests are checked; the zips must lack the end-to-end build's test hooks).
import { ensureBuilt } from '../../harness/builds';

export default function setup(): void {
  ensureBuilt(['extension', 'firefox', 'e2e', 'host', 'release']);
}

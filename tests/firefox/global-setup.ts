// Builds what the Firefox tier loads (the Firefox build, the host, release/ for the release install) and stops at once without Firefox ESR.
import { existsSync } from 'node:fs';
import { ensureBuilt } from '../../harness/builds';
import { FIREFOX_PATH } from '../../harness/firefox';

export default function setup(): void {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`the Firefox tier needs ${FIREFOX_PATH}: run \`npm run pretest\` (installs firefox-esr) or set ANTIDRIFT_FIREFOX`);
  ensureBuilt(['firefox', 'e2e', 'host', 'release']);
}

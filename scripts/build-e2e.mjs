#!/usr/bin/env node
// `npm run build:e2e`: the Chromium and Firefox builds the browser test tiers load, with the test hooks on (.output/e2e/).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const wxt = fileURLToPath(new URL('../node_modules/wxt/bin/wxt.mjs', import.meta.url));
const env = { ...process.env, ANTIDRIFT_E2E: '1' };
delete env.ANTIDRIFT_RELEASE;
for (const args of [['build'], ['build', '-b', 'firefox', '--mv3']]) {
  execFileSync(process.execPath, [wxt, ...args], { cwd: root, stdio: 'inherit', env });
}

// Builds the host once before the host tests, which all run the bundled file.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['native-host/build.mjs'], { cwd: root, stdio: 'inherit' });
}

// Windows: npm's `.cmd` shims cannot start without a shell, so run their node script directly.
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

export type Command = { ok: true; bin: string; args: string[] } | { ok: false; problem: string };

/** The script an npm cmd-shim runs: `"%dp0%\node_modules\pkg\cli.js" %*` → absolute path. */
export function scriptFromCmdShim(shimText: string, shimDir: string): string | undefined {
  const match = /"%~?dp0%?\\([^"%]+\.(?:js|mjs|cjs))"/i.exec(shimText);
  return match?.[1] ? join(shimDir, ...match[1].split('\\')) : undefined;
}

/** How to start `binPath` with `args` and no shell on this platform. */
export function commandFor(binPath: string, args: string[]): Command {
  const ext = extname(binPath).toLowerCase();
  if (process.platform !== 'win32' || (ext !== '.cmd' && ext !== '.bat')) return { ok: true, bin: binPath, args };
  let text: string;
  try {
    text = readFileSync(binPath, 'utf8');
  } catch (err) {
    return { ok: false, problem: `cannot read ${binPath}: ${(err as Error).message}` };
  }
  const script = scriptFromCmdShim(text, dirname(binPath));
  if (!script) {
    return { ok: false, problem: `${binPath} is a batch file the host cannot run without a shell; set its .exe path in host.json` };
  }
  return { ok: true, bin: process.execPath, args: [script, ...args] };
}

// The launcher a manifest points at: runs this Node with this host script, by absolute paths.
import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Written into every wrapper so uninstall can recognise its own file. */
export const WRAPPER_MARKER = 'antidrift native host wrapper';

export function wrapperPath(appData: string, platform: NodeJS.Platform = process.platform): string {
  return join(appData, platform === 'win32' ? 'antidrift-host.cmd' : 'antidrift-host');
}

/**
 * The script node was started with: the bundle's entry file, whose chunks sit beside it. Not this
 * module's own URL: in the bundle it may live in a chunk, which is no script to run.
 */
export function hostScriptPath(): string {
  const argv1 = process.argv[1];
  if (!argv1) throw new Error('cannot tell which script is the host');
  return resolve(argv1);
}

function shQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function wrapperContent(nodePath: string, scriptPath: string, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') {
    if (/["%\r\n]/.test(nodePath + scriptPath)) throw new Error('paths with ", % or newlines cannot go into a .cmd wrapper');
    return `@echo off\r\nrem ${WRAPPER_MARKER}\r\n"${nodePath}" "${scriptPath}" %*\r\n`;
  }
  return `#!/bin/sh\n# ${WRAPPER_MARKER}\nexec ${shQuote(nodePath)} ${shQuote(scriptPath)} "$@"\n`;
}

export function writeWrapper(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o755 });
  if (process.platform !== 'win32') chmodSync(path, 0o755);
}

export function isOurWrapper(path: string): boolean {
  try {
    return existsSync(path) && readFileSync(path, 'utf8').includes(WRAPPER_MARKER);
  } catch {
    return false;
  }
}

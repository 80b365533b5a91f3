// The launcher a manifest points at: runs one Node with one installed helper, both by absolute path.
import { chmodSync, existsSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Written into every launcher so uninstall can recognise its own file. */
export const WRAPPER_MARKER = 'antidrift native host wrapper';

/** The launcher in the helper's own folder, the path every manifest names. */
export function launcherPath(hostHome: string, platform: NodeJS.Platform = process.platform): string {
  return join(hostHome, platform === 'win32' ? 'antidrift-host.cmd' : 'antidrift-host');
}

/** Where 0.1.x put its launcher (it ran the helper wherever it was started from: a clone, or npx's cache). */
export function legacyWrapperPath(appData: string, platform: NodeJS.Platform = process.platform): string {
  return join(appData, platform === 'win32' ? 'antidrift-host.cmd' : 'antidrift-host');
}

/**
 * The script node was started with: the bundle's entry file, whose chunks sit beside it. Not this
 * module's own URL (in the bundle it may live in a chunk), and with links resolved: npx and npm run
 * it through a link in a `.bin` folder, where no chunks are.
 */
export function hostScriptPath(): string {
  const argv1 = process.argv[1];
  if (!argv1) throw new Error('cannot tell which script is the host');
  try {
    return realpathSync(argv1);
  } catch {
    return resolve(argv1);
  }
}

export function shQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function wrapperContent(nodePath: string, scriptPath: string, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') {
    if (/["%\r\n]/.test(nodePath + scriptPath)) throw new Error('paths with ", % or newlines cannot go into a .cmd wrapper');
    return `@echo off\r\nrem ${WRAPPER_MARKER}\r\n"${nodePath}" "${scriptPath}" %*\r\n`;
  }
  return `#!/bin/sh\n# ${WRAPPER_MARKER}\nexec ${shQuote(nodePath)} ${shQuote(scriptPath)} "$@"\n`;
}

/** Written beside and renamed into place: a browser starting the helper meanwhile finds the old launcher or the new one, whole. */
export function writeWrapper(path: string, content: string): void {
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, content, { mode: 0o755 });
  if (process.platform !== 'win32') chmodSync(temp, 0o755);
  renameSync(temp, path);
}

export function isOurWrapper(path: string): boolean {
  try {
    return existsSync(path) && readFileSync(path, 'utf8').includes(WRAPPER_MARKER);
  } catch {
    return false;
  }
}

/** The Node and the helper script a launcher of ours runs, or undefined when it is not one. */
export function launcherTarget(path: string): { node: string; script: string } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.includes(WRAPPER_MARKER)) return undefined;
  const sh = /^exec '((?:[^']|'\\'')*)' '((?:[^']|'\\'')*)' "\$@"$/m.exec(text);
  const unquote = (v: string) => v.replace(/'\\''/g, "'");
  if (sh) return { node: unquote(sh[1]!), script: unquote(sh[2]!) };
  const cmd = /^"([^"]+)" "([^"]+)" %\*\r?$/m.exec(text);
  return cmd ? { node: cmd[1]!, script: cmd[2]! } : undefined;
}

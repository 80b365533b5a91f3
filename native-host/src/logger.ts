// Host logging: stderr always (stdout is reserved for frames), plus a log file when asked for.
import { appendFileSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, logFilePath } from './paths.js';

const MAX_LOG_BYTES = 1024 * 1024;

export type Log = (line: string) => void;

/** `ANTIDRIFT_HOST_LOG` = a path, or 1/true for the default file; else config `log`. */
export function logFileTarget(configLog: boolean | string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.ANTIDRIFT_HOST_LOG;
  if (fromEnv && fromEnv !== '0' && fromEnv !== 'false') return fromEnv === '1' || fromEnv === 'true' ? logFilePath() : fromEnv;
  if (typeof configLog === 'string') return configLog;
  return configLog ? logFilePath() : undefined;
}

function rotateIfLarge(path: string): void {
  try {
    if (statSync(path).size > MAX_LOG_BYTES) renameSync(path, `${path}.1`);
  } catch {
    // Missing file: nothing to rotate.
  }
}

export function createLogger(filePath?: string): Log {
  let file = filePath;
  if (file) {
    try {
      ensurePrivateDir(dirname(file));
      rotateIfLarge(file);
    } catch (err) {
      process.stderr.write(`antidrift-host: cannot use log file ${file}: ${(err as Error).message}\n`);
      file = undefined;
    }
  }
  return (line: string) => {
    const stamped = `${new Date().toISOString()} [${process.pid}] ${line}\n`;
    process.stderr.write(stamped);
    if (!file) return;
    try {
      appendFileSync(file, stamped, { mode: 0o600 });
    } catch {
      file = undefined;
    }
  };
}

// Host logging: stderr always (stdout is reserved for frames), plus a log file when asked for.
import { appendFileSync, mkdirSync, renameSync, statSync, writeSync } from 'node:fs';
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

/**
 * Log lines go to fd 2 directly: process.stderr is a stream Node builds on first use, a few ms of a
 * helper's start before hello. The browser owns the other end and closes it when it goes away: an
 * EPIPE then ends stderr logging for good, never an exception whose own log line would be another
 * EPIPE (a busy loop that starved the event loop, so the host never saw stdin end or SIGTERM).
 */
function stderrWriter(fd = 2): (text: string) => void {
  let gone = false;
  return (text) => {
    let rest = Buffer.from(text, 'utf8');
    while (!gone && rest.length > 0) {
      try {
        rest = rest.subarray(writeSync(fd, rest));
      } catch (err) {
        // A closed or missing stderr stops logging there; a full one (EAGAIN) loses this line, never the host's time.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') gone = true;
        return;
      }
    }
  };
}

export function createLogger(filePath?: string): Log {
  const toStderr = stderrWriter();
  let file = filePath;
  if (file) {
    try {
      // Our own app-data dir is made private; a directory the user named (say /tmp) is theirs: only the file is 0600.
      if (file === logFilePath()) ensurePrivateDir(dirname(file));
      else mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      rotateIfLarge(file);
    } catch (err) {
      toStderr(`antidrift-host: cannot use log file ${file}: ${(err as Error).message}\n`);
      file = undefined;
    }
  }
  return (line: string) => {
    const stamped = `${new Date().toISOString()} [${process.pid}] ${line}\n`;
    toStderr(stamped);
    if (!file) return;
    try {
      appendFileSync(file, stamped, { mode: 0o600 });
    } catch {
      file = undefined;
    }
  };
}

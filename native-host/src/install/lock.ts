// One install or uninstall at a time: a lock file with the pid that holds it; a dead holder's lock is taken over.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class InstallBusyError extends Error {
  constructor(readonly pid: number) {
    super(`another antidrift-host install or uninstall is running (process ${pid}); run this again when it has finished`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` holding the lock of the install at `appData`; throws InstallBusyError while a live process
 * holds it. The lock lives in the temp folder, not in folders the install creates and uninstall removes.
 */
export async function withInstallLock<T>(appData: string, work: () => Promise<T>): Promise<T> {
  const path = join(tmpdir(), `antidrift-install-${createHash('sha256').update(appData).digest('hex').slice(0, 16)}.lock`);
  let fd: number | undefined;
  for (let attempt = 0; attempt < 2 && fd === undefined; attempt++) {
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw new InstallBusyError(holder);
      // Left by a process that died midway (or unreadable): the next step completes or undoes its work.
      rmSync(path, { force: true });
    }
  }
  if (fd === undefined) throw new Error(`cannot take the install lock at ${path}`);
  try {
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}

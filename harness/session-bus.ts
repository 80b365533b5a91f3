// Test helper: a private D-Bus session bus on a socket in a runtime directory, for compositors and notification servers.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stopProc, waitFor } from './processes';
import { onMachine, type Runner } from './runner';

export interface SessionBus {
  /** DBUS_SESSION_BUS_ADDRESS for the clients of this bus. */
  address: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startSessionBus(runtimeDir: string, runner: Runner = onMachine): Promise<SessionBus> {
  const socket = join(runtimeDir, 'bus');
  const address = `unix:path=${socket}`;
  const bus = runner.spawn('dbus-daemon', ['--session', '--nofork', `--address=${address}`], { stdio: 'ignore' });
  await waitFor(() => existsSync(socket), 'the private session bus');
  return { address, process: bus, stop: () => stopProc(bus) };
}

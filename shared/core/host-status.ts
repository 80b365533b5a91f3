// The native host as the controller and the surfaces see it: connection, backends, and which one the AI uses.
import * as z from 'zod';
import { BackendInfo, BackendName, WatcherInfo } from '../protocol/frames';
import type { Settings } from './settings';
import { CONNECTIONS } from './vocabulary';

/** What the native channel knows about the host; it reports every change as a controller event. */
export const HostConnection = z.object({
  connection: z.enum(CONNECTIONS),
  hostVersion: z.string().optional(),
  platform: z.string().optional(),
  watcher: WatcherInfo.optional(),
  backends: z.array(BackendInfo),
  /** Why the host is not connected, in words (the browser's own error where there is one). */
  error: z.string().optional(),
  nextRetryAt: z.number().optional(),
});
export type HostConnection = z.infer<typeof HostConnection>;

/** The host before the channel has said anything. */
export const NO_HOST: HostConnection = { connection: 'connecting', backends: [] };

/** The host status the surfaces show: the connection plus the backend the AI roles use now. */
export const HostStatus = HostConnection.extend({
  /** The chosen backend if available, else the first available one, or null. */
  activeBackend: BackendName.nullable(),
});
export type HostStatus = z.infer<typeof HostStatus>;

/**
 * The chosen backend if available; with none chosen ("Automatic"), the first available one in the
 * host's own order (its built-ins in the order of its registry, then the custom ones).
 */
export function chooseBackend(settings: Pick<Settings, 'backend'>, host: HostConnection): string | null {
  if (host.connection !== 'connected') return null;
  const available = host.backends.filter((b) => b.available);
  if (settings.backend) return available.some((b) => b.name === settings.backend) ? settings.backend : null;
  return available[0]?.name ?? null;
}

export function hostStatus(settings: Pick<Settings, 'backend'>, host: HostConnection): HostStatus {
  return { ...host, activeBackend: chooseBackend(settings, host) };
}

// Host connections as the controller sees them, for tests and benches that need an AI backend (or none).
import type { HostConnection } from '../shared/core/host-connection';

/** A connected host whose one backend is available, or (available false) reported but unusable. */
export function connectedHost(available = true): HostConnection {
  return { connection: 'connected', backends: [{ name: 'claude', available }] };
}

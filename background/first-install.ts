// A first install opens the welcome page once the helper's first answer shows something is left to set up.
import { canTalk, helperFit } from '../shared/core/helper-fit';
import type { HostConnection } from '../shared/core/host-status';

/**
 * Whether the welcome page should open for this host status: yes while the helper is missing, broken
 * or of another release; no once a fitting helper answers (nothing to set up: no tab the person did
 * not ask for). Null until the channel has settled: its first status, before any attempt, says nothing.
 */
export function welcomeNeeded(host: HostConnection): boolean | null {
  if (host.connection === 'connecting') return null;
  if (host.connection === 'disconnected' && host.error === undefined) return null;
  if (host.connection !== 'connected') return true;
  const fit = helperFit(host);
  return !canTalk(fit) || fit === 'helper-older' || fit === 'helper-newer';
}

/** Remembers a first install until the helper has settled, then opens the welcome page at most once. */
export class FirstInstall {
  private waiting = false;

  constructor(private readonly openWelcome: () => void) {}

  /** `runtime.onInstalled` with reason `install`, and the channel's status at that moment. */
  installed(host: HostConnection): void {
    this.waiting = true;
    this.hostChanged(host);
  }

  hostChanged(host: HostConnection): void {
    if (!this.waiting) return;
    const needed = welcomeNeeded(host);
    if (needed === null) return;
    this.waiting = false;
    if (needed) this.openWelcome();
  }
}

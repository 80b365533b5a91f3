// What a first install and an update do: the welcome page once the helper has settled, and one note per update that everything was kept.
import { canTalk, helperFit } from '../../shared/core/helper-fit';
import type { HostConnection } from '../../shared/core/host-connection';

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

/** When the stored release is unknown (0.1.0 stored none) and the browser's word comes after, it names it. */
const UNKNOWN_RELEASE = 'an earlier version';

export interface InstallAndUpdateDeps {
  /** This extension's release (the manifest's version). */
  extensionVersion: string;
  openWelcome(): void;
  note(message: string): void;
  /** Replaces an earlier note by a better-worded one. */
  reviseNote(old: string, message: string): void;
  /** Writes the diagnostics (with the note), then the release: a worker stopped in between notes it again. */
  persist(version: string): Promise<void>;
}

/**
 * Settings, history and the running session live in storage and IndexedDB: an update keeps them as they
 * are, and a record the new version cannot read is kept aside (store.ts), never overwritten. The
 * browser's word for an update is not always given (a folder loaded on the command line is "installed"
 * at every start): the release stored at the last start decides as well, once.
 */
export class InstallAndUpdate {
  private waitingForHelper = false;
  private updateNote: string | undefined;

  constructor(private readonly deps: InstallAndUpdateDeps) {}

  /** `runtime.onInstalled`, with the channel's status at that moment. */
  installed(details: { reason: string; previousVersion?: string | undefined }, host: HostConnection): void {
    if (details.reason === 'install') {
      this.waitingForHelper = true;
      this.hostChanged(host);
    }
    if (details.reason === 'update') this.noteUpdate(details.previousVersion ?? UNKNOWN_RELEASE);
  }

  /** Remembers a first install until the helper has settled, then opens the welcome page at most once. */
  hostChanged(host: HostConnection): void {
    if (!this.waitingForHelper) return;
    const needed = welcomeNeeded(host);
    if (needed === null) return;
    this.waitingForHelper = false;
    if (needed) this.deps.openWelcome();
  }

  /** The stored state is back: a release other than the one stored at the last start is an update. */
  restored(stored: { lastVersion: string | null; hadData: boolean }): void {
    const { extensionVersion } = this.deps;
    if (stored.lastVersion === extensionVersion) return;
    if (stored.lastVersion || stored.hadData) this.noteUpdate(stored.lastVersion ?? UNKNOWN_RELEASE);
    void this.deps.persist(extensionVersion).catch(() => {});
  }

  private noteUpdate(from: string): void {
    const { extensionVersion } = this.deps;
    if (from === extensionVersion) return;
    const message = `updated from ${from} to ${extensionVersion}: settings, history and the running session are kept`;
    if (this.updateNote === undefined) this.deps.note(message);
    else if (this.updateNote !== message && this.updateNote.startsWith(`updated from ${UNKNOWN_RELEASE} `))
      this.deps.reviseNote(this.updateNote, message);
    else return;
    this.updateNote = message;
  }
}

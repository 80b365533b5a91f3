// The whole settings record in the worker: the core holds only the session's part; the features read the rest here, and the core's changes merge into it.
import { sessionSettingsOf, type SessionSettings } from '../shared/core/session-settings';
import { settingsRevision } from '../shared/settings/revision';
import { defaultSettings, type Settings } from '../shared/settings/stored-settings';

export class SettingsRecord {
  /** Until hydration brings the stored one, the defaults (built only if something asks that early). */
  #record: Settings | undefined;

  /** The record as stored (or about to be: a save is stored by the controller's effect). */
  get current(): Settings {
    return (this.#record ??= defaultSettings());
  }

  /** Changes whenever the record does: an open Options page compares it with what it loaded. */
  get revision(): string {
    return settingsRevision(this.current);
  }

  /** A whole record arrived (storage, Options, an import, sync): kept; what the controller is told is its session's part. */
  replace(record: Settings): SessionSettings {
    this.#record = record;
    return sessionSettingsOf(record);
  }

  /** The core changed its part: merged into the record, which is what gets stored. */
  merge(part: SessionSettings): Settings {
    this.#record = { ...this.current, ...sessionSettingsOf(part) };
    return this.#record;
  }
}

// What a feature may put in the surfaces: its Options section (with its own draft), its line in the popup, its card on History.
import type { ComponentType } from 'preact';
import type { Settings } from '../shared/settings/stored-settings';

/**
 * A feature's section of the Options form: its own draft (text as typed), read from the saved settings and turned back
 * into its fields, which the whole record then checks; a problem of one of `fields` shows in the section.
 */
export interface OptionsSlot<D = unknown> {
  readonly fields: readonly (keyof Settings)[];
  toDraft(settings: Settings): D;
  fromDraft(draft: D): Partial<Settings>;
  readonly Section: ComponentType<{ draft: D; set(draft: D): void; error: string | undefined }>;
}

/** What one feature puts in the surfaces, where it has something to show. */
export interface FeatureSlots {
  readonly name: string;
  /** Under the start form when no session runs. */
  readonly PopupIdle?: ComponentType;
  /** Beside the History page's totals. */
  readonly HistoryCard?: ComponentType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each slot's own draft; the form keeps it opaque
  readonly options?: OptionsSlot<any>;
}

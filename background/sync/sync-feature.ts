// Settings sync, declared: storage.sync wired into the worker, and its status for Options.
import { SYNC_FEATURE } from '../../shared/sync/sync-feature';
import { defineFeature } from '../feature';
import type { SettingsSync } from './settings-sync';
import { wireSync } from './wire-sync';

export const syncFeature = defineFeature<typeof SYNC_FEATURE, undefined, SettingsSync>(SYNC_FEATURE, ({ worker }) => {
  const sync = wireSync(worker);
  return { offers: sync, handlers: { getSyncStatus: () => sync.status() } };
});

// Sync's settings section: the switch itself, which stays on this machine (turning sync off in one browser must not turn it off in the others).
import * as z from 'zod';
import { featureSettings } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';

export const SyncSwitch = onFirstUse(() =>
  z.object({
    /** Settings, lists, templates and the schedule follow the person through the browser's sync. */
    syncEnabled: z.boolean().default(true),
  }),
);
export type SyncSwitch = z.infer<typeof SyncSwitch>;

export const SYNC_SETTINGS = featureSettings({ schema: SyncSwitch, scopes: { syncEnabled: 'local' } });

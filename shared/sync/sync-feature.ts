// Settings sync as a feature: the one request Options sends it (whether sync is on, when it last ran, its last problem).
import * as z from 'zod';
import { NoFields, type FeatureDeclaration } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';
import { SYNC_SETTINGS } from './sync-switch';

/** Whether settings follow the person through the browser's sync, when they last did, and the last problem in words. */
export const SyncStatus = onFirstUse(() =>
  z.object({ enabled: z.boolean(), lastSyncedAt: z.number().nullable(), problem: z.string().nullable() }),
);
export type SyncStatus = z.infer<typeof SyncStatus>;

export const SYNC_FEATURE = {
  name: 'sync',
  settings: SYNC_SETTINGS,
  requests: { getSyncStatus: { body: NoFields, fromContent: false, reply: SyncStatus } },
} as const satisfies FeatureDeclaration;

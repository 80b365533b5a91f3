// History's settings section: how long history is kept and whether it keeps titles; its schema, defaults and scopes.
import * as z from 'zod';
import { SETTING_RANGES } from '../core/core-limits';
import { rangedNumber } from '../core/session-settings';
import { featureSettings } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';

export const HistorySettings = onFirstUse(() =>
  z.object({
    /** History older than this is deleted. */
    historyRetentionDays: rangedNumber(SETTING_RANGES.historyRetentionDays, 'days'),
    /** Off: history keeps places (sites, apps) and times, never a title. */
    historyKeepTitles: z.boolean().default(true),
  }),
);
export type HistorySettings = z.infer<typeof HistorySettings>;

export const HISTORY_SETTINGS = featureSettings({
  schema: HistorySettings,
  scopes: { historyRetentionDays: 'sync', historyKeepTitles: 'sync' },
});

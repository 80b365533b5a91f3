// Save for later as a feature: the Later list's requests, and the block page's Save for later.
import * as z from 'zod';
import { MAX_ENTRY_CHARS } from '../core/core-limits';
import { NoFields, WentBack, type FeatureDeclaration } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';
import { LaterList } from './later-list';
import { MAX_LATER_ENTRIES, MAX_LATER_URL_CHARS } from './later-limits';

const LaterIds = onFirstUse(() => z.object({ ids: z.array(z.string().min(1).max(64)).max(MAX_LATER_ENTRIES) }));

export const LATER_FEATURE = {
  name: 'later',
  requests: {
    /** The Later list, newest first (every request about it replies with the list as it is then). */
    getLater: { body: NoFields, fromContent: false, reply: LaterList },
    removeLater: { body: LaterIds, fromContent: false, reply: LaterList },
    /** Opens the entries (each in a new tab, or `oneWindow`: all in one new window) and takes them off the list. */
    openLater: { body: onFirstUse(() => LaterIds.extend({ oneWindow: z.boolean() })), fromContent: false, reply: LaterList },
    clearLater: { body: NoFields, fromContent: false, reply: LaterList },
    /**
     * The block page's Save for later: the one address it blocked (which the session must block under `site`) goes
     * on the Later list, then back to the task as with Back to task.
     */
    blockPageSaveForLater: {
      body: onFirstUse(() => z.object({ site: z.string().max(MAX_ENTRY_CHARS), url: z.string().max(MAX_LATER_URL_CHARS) })),
      fromContent: false,
      reply: WentBack,
    },
  },
} as const satisfies FeatureDeclaration;

// Which tabs get a badge of their own, and which: a tab seen before shows its verdict the moment it comes to the front, before a sleeping worker wakes.
import type { Badge } from './badge';
import type { SurfaceView } from './controller/surface-view';
import { contentHash } from '../util/hash';

/**
 * What the shell remembers of the badges it gave tabs (kept in storage.session: tab ids live as long as
 * the browser runs). A browser keeps a tab's badge until the tab closes or loads another page, and
 * Chromium cannot take a tab's colour or tooltip back: a tab once given a badge is kept right, never cleared.
 */
export interface TabBadgeMemory {
  /** The badge each tab was given, by tab id. */
  tabs: Record<string, Badge>;
  /** The tab last seen in front in each browser window, by window id: the tabs on show. */
  front: Record<string, number>;
  /** The session-wide part of the badge when the tabs were last given theirs (`badgeContext`, hashed). */
  context: string;
}

export const NO_TAB_BADGES: TabBadgeMemory = { tabs: {}, front: {}, context: '' };

/** Past this many tabs, new ones get no badge of their own (the toolbar's shared badge speaks for them): writes stay bounded. */
export const MAX_TAB_BADGES = 500;

/**
 * What every tab's badge depends on besides the tab itself: the session, its phase and break, its lists
 * and the settings. A change of it makes every tab's own verdict stale.
 */
export function badgeContext(view: SurfaceView): string {
  const { session, rhythm } = view;
  return contentHash(
    JSON.stringify([
      view.phase,
      session && [
        session.id,
        session.commitment,
        session.allowed,
        session.blocked,
        session.allowlistOnly,
        session.strict,
        session.pausedAt,
      ],
      rhythm && [rhythm.phase, rhythm.endsAt],
      view.settingsRevision,
    ]),
  );
}

export interface TabBadgeWrite {
  tabId: number;
  /** Only the fields that differ from what the tab was given last. */
  fields: Partial<Badge>;
}

/** The badge on show now, and the tab it is the verdict of (null: the person is in another app, or nothing is observed). */
export interface TabBadgeInput {
  badge: Badge;
  context: string;
  observed: { tabId: number; windowId: number } | null;
  /** A session is on (running or paused): only then does a tab not given one yet get a badge of its own. */
  inSession: boolean;
}

/**
 * The tabs to give a badge now. The observed tab gets the badge (its own verdict, shown at once the
 * next time it comes to the front); a tab in front that is not the observed one gets the badge too
 * (it shows the person's status, as the shared badge does); after a change of context every tab does
 * (its own verdict is stale until it is observed again). Every other tab keeps its own.
 */
export function planTabBadges(memory: TabBadgeMemory, input: TabBadgeInput): { memory: TabBadgeMemory; writes: TabBadgeWrite[] } {
  const { badge, context, observed, inSession } = input;
  const tabs = { ...memory.tabs };
  const moved = observed !== null && memory.front[observed.windowId] !== observed.tabId;
  const front = moved ? { ...memory.front, [observed.windowId]: observed.tabId } : memory.front;
  const want = new Set<number>();
  const room = inSession && Object.keys(tabs).length < MAX_TAB_BADGES;
  if (observed && (String(observed.tabId) in tabs || room)) want.add(observed.tabId);
  for (const tabId of Object.values(front)) if (String(tabId) in tabs) want.add(tabId);
  if (context !== memory.context) for (const tabId of Object.keys(tabs)) want.add(Number(tabId));
  const writes: TabBadgeWrite[] = [];
  for (const tabId of want) {
    const last = tabs[tabId];
    const fields: Partial<Badge> = {};
    for (const field of ['text', 'color', 'title'] as const) if (last?.[field] !== badge[field]) fields[field] = badge[field];
    if (Object.keys(fields).length === 0) continue;
    writes.push({ tabId, fields });
    tabs[tabId] = badge;
  }
  // With no tab given a badge, which tab is in front matters to none: nothing to remember (nor store) per switch.
  const kept = Object.keys(tabs).length > 0 ? front : memory.front;
  const unchanged = writes.length === 0 && context === memory.context && kept === memory.front;
  return { memory: unchanged ? memory : { tabs, front: kept, context }, writes };
}

/** A tab closed (or a write to it failed because it did): it is forgotten. */
export function forgetTab(memory: TabBadgeMemory, tabId: number): TabBadgeMemory {
  if (!(String(tabId) in memory.tabs) && !Object.values(memory.front).includes(tabId)) return memory;
  const tabs = { ...memory.tabs };
  delete tabs[tabId];
  const front = Object.fromEntries(Object.entries(memory.front).filter(([, id]) => id !== tabId));
  return { ...memory, tabs, front };
}

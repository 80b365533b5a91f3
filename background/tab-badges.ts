// Gives tabs a badge of their own as the person looks at them (see shared/core/tab-badges.ts), and remembers which across worker restarts.
import { badgeFor, type Badge } from '../shared/core/badge';
import type { ObservationRecord, SurfaceView } from '../shared/core/controller';
import { badgeContext, forgetTab, NO_TAB_BADGES, planTabBadges, type TabBadgeMemory } from '../shared/core/tab-badges';
import { errorText } from '../shared/util/error-text';
import { paint } from './badge-painter';

export class TabBadges {
  #memory: TabBadgeMemory = NO_TAB_BADGES;
  /** The last view's badge and context: the shell hands the same view object until it changes, so they are worked out once per view. */
  #seen: { view: SurfaceView; badge: Badge; context: string } | undefined;

  constructor(
    private readonly persist: (memory: TabBadgeMemory) => Promise<unknown>,
    private readonly warn: (message: string) => void,
  ) {}

  /** What the worker before this one gave which tab (storage.session). */
  restore(memory: TabBadgeMemory): void {
    this.#memory = memory;
  }

  /** After every change of state: the observed tab, the tabs in front and, after a change of session, every tab given one. */
  show(view: SurfaceView, current: ObservationRecord | null): void {
    const observed = current?.source === 'tab' && current.ref ? current.ref : null;
    if (this.#seen?.view !== view) this.#seen = { view, badge: badgeFor(view), context: badgeContext(view) };
    const { badge, context } = this.#seen;
    const step = planTabBadges(this.#memory, { badge, context, observed, inSession: view.phase !== 'idle' });
    if (step.memory === this.#memory) return;
    this.#set(step.memory);
    for (const { tabId, fields } of step.writes)
      void paint(fields, tabId).catch((error: unknown) => {
        // Closed meanwhile (the usual case): forgotten. Anything else is said in diagnostics, and the tab gets
        // its badge again when it is next looked at in a session.
        this.forget(tabId);
        if (!/no tab with id|invalid tab id/i.test(errorText(error))) this.warn(`a tab's badge could not be set: ${errorText(error)}`);
      });
  }

  forget(tabId: number): void {
    const memory = forgetTab(this.#memory, tabId);
    if (memory !== this.#memory) this.#set(memory);
  }

  #set(memory: TabBadgeMemory): void {
    this.#memory = memory;
    void this.persist(memory).catch(() => {});
  }
}

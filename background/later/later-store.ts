// The Later list in storage.local (this computer only, never synced): read once and validated, then changed one write at a time.
import { browser } from 'wxt/browser';
import { addLater, LaterList, removeLater, type LaterEntry } from '../../shared/later/later-list';
import { serial } from '../../shared/util/serial';
import { keepAside } from '../store';

/** Its own key: not part of the settings (never synced) nor of the history database (kept until opened or removed). */
export const LATER_KEY = 'later';

export interface LaterStoreDeps {
  /** Says what went wrong (an unreadable list kept aside, entries dropped at the cap). */
  warn(message: string): void;
}

export class LaterStore {
  private entries: LaterEntry[] | null = null;
  /** Changes run one after another: two saves in a row must both land. */
  private readonly changes = serial();

  constructor(private readonly deps: LaterStoreDeps) {}

  /** The list, newest first. */
  list(): Promise<LaterEntry[]> {
    return this.change((list) => list);
  }

  add(entry: LaterEntry): Promise<LaterEntry[]> {
    return this.change((list) => {
      const next = addLater(list, entry);
      if (next.dropped > 0) this.deps.warn(`the Later list is full: the ${next.dropped} oldest made room`);
      return next.list;
    });
  }

  remove(ids: readonly string[]): Promise<LaterEntry[]> {
    return this.change((list) => removeLater(list, ids));
  }

  clear(): Promise<LaterEntry[]> {
    return this.change(() => []);
  }

  private change(edit: (list: LaterEntry[]) => LaterEntry[]): Promise<LaterEntry[]> {
    return this.changes.run(async () => {
      const before = await this.load();
      const after = edit(before);
      if (after !== before) await browser.storage.local.set({ [LATER_KEY]: after });
      this.entries = after;
      return after;
    });
  }

  private async load(): Promise<LaterEntry[]> {
    if (this.entries) return this.entries;
    const raw = (await browser.storage.local.get(LATER_KEY))[LATER_KEY];
    if (raw === undefined || raw === null) return (this.entries = []);
    const parsed = LaterList.safeParse(raw);
    if (parsed.success) return (this.entries = parsed.data);
    // Another version's list, or one changed by hand: kept as it was, never lost, and the list starts again.
    const aside = await keepAside(LATER_KEY, raw);
    this.deps.warn(`the stored Later list was unreadable (${parsed.error.issues[0]?.message ?? 'invalid'}); it is kept as ${aside}`);
    return (this.entries = []);
  }
}

// A bounded log of what the background did and what failed, shown in Options (never fabricated, never lost silently).
import { DIAGNOSTICS_LIMIT } from '../shared/core/core-limits';
import type { DiagnosticEntry } from '../shared/messages/requests';

export class Diagnostics {
  private entries: DiagnosticEntry[];

  constructor(
    initial: DiagnosticEntry[],
    private readonly now: () => number,
    private readonly persist: (entries: DiagnosticEntry[]) => void,
  ) {
    this.entries = initial.slice(-DIAGNOSTICS_LIMIT);
  }

  add(level: DiagnosticEntry['level'], message: string): void {
    const entry = { at: this.now(), level, message: message.slice(0, 1000) };
    this.entries = [...this.entries, entry].slice(-DIAGNOSTICS_LIMIT);
    (level === 'info' ? console.info : console.warn)(`[antidrift] ${message}`);
    this.persist(this.entries);
  }

  /** Rewrites an entry once more is known (the same event, not a second one); adds it when it is gone. */
  revise(previous: string, message: string): void {
    const at = this.entries.findLastIndex((entry) => entry.message === previous);
    if (at < 0) return this.add('info', message);
    this.entries = this.entries.map((entry, i) => (i === at ? { ...entry, message: message.slice(0, 1000) } : entry));
    this.persist(this.entries);
  }

  /** Puts back the entries saved before a service-worker restart, ahead of anything logged since. */
  restore(saved: DiagnosticEntry[]): void {
    this.entries = [...saved, ...this.entries].slice(-DIAGNOSTICS_LIMIT);
    // A save queued before hydration holds only the new entries: replace it with the merged log.
    this.persist(this.entries);
  }

  list(): DiagnosticEntry[] {
    return [...this.entries];
  }
}

// What a strict session asks the browser to block: the controller says it, the shell maps it to declarativeNetRequest rules.

/** The sites a running strict session blocks now; null: nothing may be blocked. */
export interface Blocking {
  /** The session the rules belong to (a rule set left from another session is stale). */
  readonly sessionId: number;
  /** The session's blocked list as stored (normalised entries); app entries among them make no rule. */
  readonly entries: readonly string[];
  /** Whether incognito (private) tabs are blocked too: the `includeIncognito` setting. */
  readonly includeIncognito: boolean;
  /** When the session's timebox ends (then nothing is blocked); none: until the session ends. */
  readonly endsAt?: number;
}

/** How long a strict session's drift banner waits before "This is on task" can be chosen. */
export const STRICT_ON_TASK_WAIT_MS = 10_000;
/** How often a strict session repeats the drift notification of a desktop app that keeps focus. */
export const STRICT_RENOTIFY_MS = 120_000;

/** Strictness holds until the timebox ends; after it, the session finishes as usual (no wait, nothing blocked). */
export function strictNow(session: { readonly strict: boolean; readonly endsAt?: number | undefined }, at: number): boolean {
  return session.strict && (session.endsAt === undefined || at < session.endsAt);
}

/** Same blocking, value for value (the shell re-applies rules only when this changes). */
export function sameBlocking(a: Blocking | null, b: Blocking | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.sessionId === b.sessionId &&
    a.includeIncognito === b.includeIncognito &&
    a.endsAt === b.endsAt &&
    a.entries.length === b.entries.length &&
    a.entries.every((entry, i) => entry === b.entries[i])
  );
}

// The Later list where the popup shows it (no session, a break, the review): each page to open or remove, Open all in one window.
import { useEffect, useState } from 'preact/hooks';
import type { LaterEntry } from '../../shared/later/later-list';
import { LATER_CAP_WORDS, laterLabel, savedIn } from '../../shared/later/later-limits';
import { replyError, useClient } from '../connection/surface-client';

/** The list as the background keeps it, and the requests that change it (each replies with the list as it is then). */
export function useLater(): {
  entries: LaterEntry[] | null;
  error: string;
  open(ids: readonly string[], oneWindow: boolean): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
} {
  const client = useClient();
  const [entries, setEntries] = useState<LaterEntry[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void client.request({ type: 'getLater' }).then((reply) => (reply.ok ? setEntries(reply.value) : setError(replyError(reply))));
  }, [client]);
  const apply = (reply: Awaited<ReturnType<typeof client.request<'getLater'>>>) =>
    reply.ok ? setEntries(reply.value) : setError(replyError(reply));
  return {
    entries,
    error,
    open: async (ids, oneWindow) => apply(await client.request({ type: 'openLater', ids: [...ids], oneWindow })),
    remove: async (ids) => apply(await client.request({ type: 'removeLater', ids: [...ids] })),
  };
}

/** Collapsed to one line until opened: the popup's first job is the next session, not the list. Nothing when it is empty. */
export function LaterList({ open = false }: { open?: boolean }) {
  const later = useLater();
  const entries = later.entries;
  if (!entries || entries.length === 0) return later.error ? <p class="hint tone-warn">{later.error}</p> : null;
  return (
    <details class="later" data-testid="later-list" open={open}>
      <summary data-testid="later-summary">Saved for later ({entries.length})</summary>
      <ul class="later-entries">
        {entries.map((e) => (
          <li key={e.id} data-testid="later-entry">
            <button type="button" class="link later-open" title={e.url} onClick={() => void later.open([e.id], false)}>
              {laterLabel(e)}
            </button>
            <button
              type="button"
              class="link later-remove"
              aria-label={`Remove ${laterLabel(e)}`}
              data-testid="later-remove"
              onClick={() => void later.remove([e.id])}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div class="row wrap">
        <button
          type="button"
          data-testid="later-open-all"
          onClick={() =>
            void later.open(
              entries.map((e) => e.id),
              true,
            )
          }
        >
          Open all
        </button>
      </div>
      <p class="hint">{LATER_CAP_WORDS}</p>
    </details>
  );
}

/** The review's line: what this session saved, with Open them, Keep for later and Clear. */
export function SavedInSession({ session }: { session: string }) {
  const later = useLater();
  const [kept, setKept] = useState(false);
  const mine = savedIn(later.entries ?? [], session);
  if (mine.length === 0 || kept) return null;
  const ids = mine.map((e) => e.id);
  return (
    <div class="saved-in-session" data-testid="review-saved">
      <p>You saved {mine.length === 1 ? '1 thing' : `${mine.length} things`} for later.</p>
      <div class="row wrap">
        <button type="button" data-testid="review-saved-open" onClick={() => void later.open(ids, mine.length > 1)}>
          Open them
        </button>
        <button type="button" data-testid="review-saved-keep" onClick={() => setKept(true)}>
          Keep for later
        </button>
        <button type="button" class="link" data-testid="review-saved-clear" onClick={() => void later.remove(ids)}>
          Clear
        </button>
      </div>
    </div>
  );
}

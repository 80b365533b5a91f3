// Options: the sync switch, what stays on this computer, the last sync problem; and the notice of a change made in another browser.
import { useEffect, useState } from 'preact/hooks';
import type { SyncStatus } from '../../shared/sync/sync-feature';
import { useClient } from '../../ui/connection/surface-client';
import { CheckField, Hint, Section } from './field';
import type { Draft } from './settings-draft';

/** How long after a save its push is done (the worker waits 2 s for more saves first). */
const PUSH_SETTLED_MS = 3_000;

/** `revision` changes whenever the saved settings do: the status is asked then, and again once the push is done. */
export function SyncSection(p: { draft: Draft; set(patch: Partial<Draft>): void; revision: string | null }) {
  const client = useClient();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    const ask = () => void client.request({ type: 'getSyncStatus' }).then((reply) => setStatus(reply.ok ? reply.value : null));
    ask();
    const again = setTimeout(ask, PUSH_SETTLED_MS);
    return () => clearTimeout(again);
  }, [client, p.revision]);
  return (
    <Section title="Sync" id="sync-title" anchor="sync">
      <CheckField
        id="sync-enabled"
        testId="sync-enabled"
        label="Sync settings, lists, templates and the schedule through this browser's account"
        checked={p.draft.syncEnabled}
        onChange={(syncEnabled) => p.set({ syncEnabled })}
        hint="History, the AI backend and the helper's settings stay on this computer."
      />
      {status?.enabled && status.problem ? (
        <p class="error" data-testid="sync-problem">
          Last sync problem: {status.problem}
        </p>
      ) : status?.enabled && status.lastSyncedAt !== null ? (
        <Hint>Last synced {new Date(status.lastSyncedAt).toLocaleString()}.</Hint>
      ) : null}
    </Section>
  );
}

export function ChangedElsewhereNotice(p: { onLoadTheirs(): void }) {
  return (
    <div class="changed-elsewhere" role="status" data-testid="settings-changed-elsewhere">
      <p>Settings changed in another browser. Your unsaved edits are kept; Save keeps yours, or Load theirs.</p>
      <button type="button" data-testid="load-theirs" onClick={p.onLoadTheirs}>
        Load theirs
      </button>
    </div>
  );
}

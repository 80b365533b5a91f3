// Hook: the saved settings changed outside this page (another browser through sync): reload a clean draft, never an edited one.
import { useEffect, useRef, useState } from 'preact/hooks';
import { settingsRevision } from '../../shared/settings/revision';
import type { Settings } from '../../shared/settings/stored-settings';
import type { SurfaceClient } from '../../ui/connection/surface-client';

export interface ChangedElsewhere {
  /** The person has unsaved edits and the saved settings changed meanwhile: the notice is shown. */
  notice: boolean;
  /** Drops the edits for the settings as they are saved now. */
  loadTheirs(): void;
}

/**
 * Watches the settings revision of the state pushes. The first one seen after loading is the baseline;
 * a later one that is not the revision of `saved` (our own save changes `saved` too) means the settings
 * changed elsewhere. Then the saved settings are fetched: a draft without edits is replaced silently; an
 * edited one is kept, with the fresh settings as its base (so Save keeps the edits and loses nothing the
 * form does not show), and the notice offers to load theirs.
 */
export function useChangedElsewhere(p: {
  client: SurfaceClient;
  revision: string | null;
  saved: Settings | null;
  dirty: boolean;
  saving: boolean;
  /** Puts the fresh settings in place: as the draft too, unless `keepDraft`. */
  replace(fresh: Settings, keepDraft: boolean): void;
}): ChangedElsewhere {
  const { client, revision, saved, saving } = p;
  const [notice, setNotice] = useState(false);
  const seen = useRef<string | null>(null);
  // Read when the revision changes, not a reason to look again.
  const latest = useRef(p);
  useEffect(() => {
    latest.current = p;
  });

  useEffect(() => {
    // While our own save is on its way, its push may come before its reply: wait for the reply.
    if (revision === null || saved === null || saving || revision === seen.current) return;
    const baseline = seen.current === null;
    seen.current = revision;
    if (revision === settingsRevision(saved)) return setNotice(false);
    if (baseline) return;
    const keepDraft = latest.current.dirty;
    void client.request({ type: 'getSettings' }).then((reply) => {
      if (!reply.ok) return;
      latest.current.replace(reply.value, keepDraft);
      setNotice(keepDraft);
    });
  }, [client, revision, saved, saving]);

  const loadTheirs = () => {
    void client.request({ type: 'getSettings' }).then((reply) => {
      if (!reply.ok) return;
      latest.current.replace(reply.value, false);
      setNotice(false);
    });
  };
  return { notice, loadTheirs };
}

// Where Firefox grants the helper's permission (nativeMessaging is optional there), and what Firefox for Android says instead.
import { useState } from 'preact/hooks';
import type { HostStatus } from '../../shared/core/host-status';
import { HELPER_BLOCK_WORDS } from '../../shared/core/vocabulary';
import { useClient } from '../connection/surface-client';

const ANDROID = `${HELPER_BLOCK_WORDS.android.why}: ${HELPER_BLOCK_WORDS.android.hint}.`;

/** The words, and on Firefox desktop the Allow button; nothing while the helper is not blocked. */
export function HelperPermission({ host }: { host: HostStatus }) {
  const client = useClient();
  const [note, setNote] = useState('');
  if (host.blocked === 'android')
    return (
      <p class="hint" data-testid="helper-android">
        {ANDROID}
      </p>
    );
  if (host.blocked !== 'not-allowed') return null;
  // The request stays in the click handler itself: Firefox shows its prompt only for a person's gesture.
  const allow = () =>
    void client.allowHelper().then(
      (granted) => setNote(granted ? 'Allowed: looking for the helper…' : 'Firefox did not allow it; the button asks again.'),
      () => setNote('Firefox could not ask: allow it in the Add-ons Manager, under antidrift’s permissions.'),
    );
  return (
    <div class="stack" data-testid="helper-permission">
      <p>
        Firefox asks before an add-on talks to a program on your computer. The helper is that program: it tells antidrift which app window
        is in front, and runs the AI you use in a terminal. Your site lists, strict sessions, plans and history work without it.
      </p>
      <div class="row wrap">
        <button type="button" class="primary" data-testid="allow-helper" onClick={allow}>
          Allow antidrift to talk to its helper
        </button>
        <span class="muted" role="status" data-testid="allow-helper-note">
          {note}
        </span>
      </div>
    </div>
  );
}

/** The welcome page's first card while the helper is blocked: it comes before installing anything. */
export function HelperPermissionCard({ host }: { host: HostStatus }) {
  const title = host.blocked === 'android' ? 'Firefox for Android: no helper here' : 'First: let antidrift talk to its helper';
  return (
    <section class="card next-step" aria-labelledby="helper-permission-title" data-testid="helper-permission-card">
      <h2 id="helper-permission-title">{title}</h2>
      <HelperPermission host={host} />
    </section>
  );
}

// What to run when the helper is missing or a different release than this extension: the exact command, Copy, Check again.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { HostStatus } from '../../shared/core/host-status';
import { useClient } from '../connection/surface-client';
import { installCommand } from '../install-command';

/** Why the person should run the command now, or null when nothing is to be done. */
export function helperAdvice(host: HostStatus, version: string): string | null {
  const theirs = host.hostVersion ?? 'unknown';
  // Firefox for Android has no helper to install: no command to run.
  if (host.blocked === 'android') return null;
  switch (host.connection === 'missing' ? 'missing' : host.fit) {
    case 'missing':
      return 'The helper is not installed. It watches your desktop windows and runs the AI; install it with one command in a terminal:';
    case 'helper-older':
      return `The helper (${theirs}) is older than this extension (${version}). Update it:`;
    case 'helper-newer':
      return `The helper (${theirs}) is newer than this extension (${version}). Update the extension, or install the helper that matches it:`;
    case 'helper-too-old':
      return `The helper (${theirs}) is too old for this extension (${version}): the AI and desktop windows are off until you update it:`;
    case 'extension-too-old':
      return `This extension (${version}) is too old for the helper (${theirs}): the AI and desktop windows are off until you update the extension, or install the helper that matches it:`;
    default:
      return null;
  }
}

/** How long Check again waits for a connection that never visibly changed (a helper still missing answers at once). */
const SETTLE_MS = 1500;

/** What Check again found, once the helper was asked again and answered (or did not). */
function checkResult(host: HostStatus): string {
  if (host.connection === 'connected') return 'The helper answered.';
  if (host.blocked === 'not-allowed') return 'Not asked: Firefox has not allowed antidrift to talk to its helper yet (Allow, above).';
  if (host.connection === 'missing') return 'Not found yet: run the command in a terminal, then Check again.';
  // Said where the command is (the welcome page, Options → Helper): both lead to the Diagnostics.
  return 'The helper did not start: its Diagnostics say why.';
}

/** Check again: asks the helper again, then says what it found once the connection settles. */
export function useCheckAgain(host: HostStatus | null): { note: string; setNote(text: string): void; checkAgain(): Promise<void> } {
  const client = useClient();
  const [note, setNote] = useState('');
  const checking = useRef(false);
  const latest = useRef(host);
  latest.current = host;
  const settle = () => {
    const now = latest.current;
    if (!checking.current || !now || now.connection === 'connecting') return;
    checking.current = false;
    setNote(checkResult(now));
  };
  const connection = host?.connection;
  // A check ends when the connection settles after it; if it never visibly changed, a moment later.
  useEffect(settle, [connection]);
  const checkAgain = async () => {
    checking.current = true;
    setNote('Checking…');
    const reply = await client.request({ type: 'reconnectHost' });
    if (!reply.ok) {
      checking.current = false;
      setNote('Could not ask the helper again.');
      return;
    }
    setTimeout(settle, SETTLE_MS);
  };
  return { note, setNote, checkAgain };
}

/** The Check again button and what it found. */
export function CheckAgain({ check }: { check: ReturnType<typeof useCheckAgain> }) {
  return (
    <>
      <button type="button" data-testid="check-again" onClick={() => void check.checkAgain()}>
        Check again
      </button>
      <span class="muted" role="status" data-testid="helper-setup-note">
        {check.note}
      </span>
    </>
  );
}

/**
 * The command in a box a person can select or copy, with Copy and Check again; `always` shows it even
 * when all is well (Options: install or repair). `advice` replaces the words above the command.
 */
export function HelperSetup({ host, always = false, advice: given }: { host: HostStatus | null; always?: boolean; advice?: string }) {
  const client = useClient();
  const env = client.environment();
  const check = useCheckAgain(host);
  const advice = given ?? (host ? helperAdvice(host, env.version) : null);
  if (!advice && !always) return null;
  const command = installCommand(env);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      check.setNote('Copied.');
    } catch {
      check.setNote('Could not copy: select the command and copy it.');
    }
  };

  return (
    <div class="helper-setup" data-testid="helper-setup">
      <p class="advice" data-testid="helper-advice">
        {advice ?? 'Install or repair the helper for this browser:'}
      </p>
      <code class="command" data-testid="host-install-command">
        {command}
      </code>
      <div class="row wrap">
        <button type="button" data-testid="copy-install-command" onClick={() => void copy()}>
          Copy
        </button>
        <CheckAgain check={check} />
      </div>
    </div>
  );
}

// What to run when the helper is missing or a different release than this extension: the exact command, Copy, Check again.
import { useState } from 'preact/hooks';
import type { HostStatus } from '../../shared/core/host-status';
import { useClient } from '../connection/surface-client';
import { installCommand } from '../install-command';
import { SandboxHelp } from './sandbox-help';

/** Why the person should run the command now, or null when nothing is to be done. */
export function helperAdvice(host: HostStatus, version: string): string | null {
  const theirs = host.hostVersion ?? 'unknown';
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

/** The command in a box a person can select or copy, with Check again; `always` shows it even when all is well (Options). */
export function HelperSetup({ host, always = false }: { host: HostStatus | null; always?: boolean }) {
  const client = useClient();
  const env = client.environment();
  const [note, setNote] = useState('');
  const advice = host ? helperAdvice(host, env.version) : null;
  if (!advice && !always) return null;
  const command = installCommand(env);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setNote('Copied.');
    } catch {
      setNote('Could not copy: select the command and copy it.');
    }
  };
  const checkAgain = async () => {
    setNote('Checking…');
    const reply = await client.request({ type: 'reconnectHost' });
    setNote(reply.ok ? '' : 'Could not ask the helper again.');
  };

  return (
    <div class="helper-setup" data-testid="helper-setup" role={advice ? 'status' : undefined}>
      <p class="advice" data-testid="helper-advice">
        {advice ?? 'Install or repair the helper for this browser:'}
      </p>
      {/* Focusable and labelled: a long command scrolls sideways, and keyboard users must be able to scroll it too. */}
      <code class="command" data-testid="host-install-command" tabIndex={0} role="region" aria-label="Install command">
        {command}
      </code>
      <div class="row">
        <button type="button" data-testid="copy-install-command" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" data-testid="check-again" onClick={() => void checkAgain()}>
          Check again
        </button>
        {note ? (
          <span class="muted" role="status" data-testid="helper-setup-note">
            {note}
          </span>
        ) : null}
      </div>
      {always ? <SandboxHelp env={env} /> : null}
    </div>
  );
}

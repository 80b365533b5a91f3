// The helper and the AI in one line of the person's words, the built-in model's line where it matters, and the one next step.
import type { HostStatus } from '../../shared/core/host-status';
import { capitalize, showsBrowserModel } from '../format';
import type { SetupLine, SetupTarget } from '../setup-state';

/** The status lines. The browser's own error words are not here: they belong in Options → Helper → Diagnostics. */
export function SetupStatus({ line, host }: { line: SetupLine; host: HostStatus }) {
  return (
    <div class="setup-status">
      <p class={`host-line tone-${line.tone}`} data-testid="host-status">
        <span class="dot" aria-hidden="true" />
        <span>{line.text}</span>
      </p>
      {showsBrowserModel(host) ? (
        <p class="host-line tone-muted" data-testid="browser-model-status">
          <span class="dot" aria-hidden="true" />
          <span>{capitalize(host.ports.browser.line)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The next step as a link-styled button, unless it leads to the page it is on (`here`). */
export function SetupAction({ line, here, onOpen }: { line: SetupLine; here: SetupTarget[]; onOpen(to: SetupTarget): void }) {
  const action = line.action;
  if (!action || here.includes(action.to)) return null;
  return (
    <button type="button" class="link" data-testid="setup-action" data-to={action.to} onClick={() => onOpen(action.to)}>
      {action.label}
    </button>
  );
}

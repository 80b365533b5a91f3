// One line of host/AI status, with a way to Options when something needs setting up, and the reason when it failed.
import type { HostStatus } from '../../shared/core/host-status';
import { browserModelLine } from '../../shared/core/browser-model-line';
import { capitalize, hostStatusLine, showsBrowserModel } from '../format';

export function HostStatusLine({ host, onOpenOptions }: { host: HostStatus; onOpenOptions?: () => void }) {
  const line = hostStatusLine(host);
  // The reason is shown, not hidden in a tooltip: keyboard, touch and screen-reader users need it too.
  return (
    <>
      <p class={`host-line tone-${line.tone}`} data-testid="host-status" {...(host.error ? { 'aria-describedby': 'host-error' } : {})}>
        <span class="dot" aria-hidden="true" />
        <span>
          {line.text}
          {line.seeOptions ? ' — see ' : ''}
        </span>
        {line.seeOptions && onOpenOptions ? (
          <button type="button" class="link" onClick={onOpenOptions}>
            Options
          </button>
        ) : line.seeOptions ? (
          <span>Options</span>
        ) : null}
      </p>
      {showsBrowserModel(host) ? (
        <p class="host-line tone-muted" data-testid="browser-model-status">
          {capitalize(browserModelLine(host.browserModel))}
        </p>
      ) : null}
      {host.error ? (
        <p class="host-error" id="host-error" data-testid="host-error">
          {host.error}
        </p>
      ) : null}
    </>
  );
}

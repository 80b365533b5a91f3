// One line of host/AI status, with a way to Options when something needs setting up.
import type { HostStatus } from '../../shared/messages';
import { hostStatusLine } from '../format';

export function HostStatusLine({ host, onOpenOptions }: { host: HostStatus; onOpenOptions?: () => void }) {
  const line = hostStatusLine(host);
  return (
    <p class={`host-line tone-${line.tone}`} data-testid="host-status" title={host.error ?? ''}>
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
  );
}

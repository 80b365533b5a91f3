// Where a browser hides a new extension's button, and how to keep antidrift's in the toolbar: its badge is the glance a session needs.
import type { BrowserKind } from '../../ui/install-command';

export function PinHint({ browser }: { browser: BrowserKind }) {
  const how =
    browser === 'firefox'
      ? 'the Extensions button (the puzzle piece), then the gear beside antidrift, then Pin to Toolbar'
      : 'the Extensions button (the puzzle piece), then the pin beside antidrift';
  return (
    <p class="hint" data-testid="pin-hint">
      Keep antidrift in the toolbar ({how}): its badge shows ON, ! or ? at a glance while a session runs.
    </p>
  );
}

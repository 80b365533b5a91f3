// Where a browser hides a new extension's button, and how to keep antidrift's in the toolbar: its badge is the glance a session needs.
import type { BrowserKind } from '../../ui/install-command';

// `kind`, not `browser`: WXT's auto-import takes a free-standing `browser` for the extension API and adds the polyfill to the page.
export function PinHint({ kind }: { kind: BrowserKind }) {
  const how =
    kind === 'firefox'
      ? 'the Extensions button (the puzzle piece), then the gear beside antidrift, then Pin to Toolbar'
      : 'the Extensions button (the puzzle piece), then the pin beside antidrift';
  return (
    <p class="hint" data-testid="pin-hint">
      Keep antidrift in the toolbar ({how}): its badge shows ON, ! or ? at a glance while a session runs.
    </p>
  );
}

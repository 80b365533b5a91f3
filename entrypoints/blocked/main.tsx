// Block page entry (a strict session's declarativeNetRequest redirect lands here): its first paint in its HTML, its styles inline, then the page.
import { mountPage } from '../../ui/connection/mount-page';
import { MAX_ENTRY_CHARS } from '../../shared/core/core-limits';
import { blockedAddressOf } from '../../shared/strict/block-rules';
import { BlockPage } from './block-page';
import themeCss from '../../ui/theme.css?inline';
import blockedCss from './blocked.css?inline';

// Inline, as in the popup: no stylesheet request stands between the redirect and the first paint.
const style = document.createElement('style');
style.textContent = themeCss + blockedCss;
document.head.append(style);

const site = (new URLSearchParams(location.search).get('site') ?? '').slice(0, MAX_ENTRY_CHARS);

/** Back to where the person came from, if this tab has somewhere to go back to. */
function goBack(): boolean {
  if (history.length <= 1) return false;
  history.back();
  return true;
}

// Only as the tab's own page: inside another site's frame it says so and does nothing (no Back to task, no Save for later,
// nothing told to the background), whatever that site's scripts click.
if (window.top === window) {
  // The first paint's words go: the page draws its own from the start.
  document.getElementById('app')?.replaceChildren();
  mountPage(<BlockPage site={site} address={blockedAddressOf(location.hash)} goBack={goBack} />);
} else {
  const note = document.createElement('p');
  note.className = 'framed';
  note.dataset.testid = 'block-framed';
  note.textContent = 'This antidrift page works only as a tab of its own.';
  const main = document.createElement('main');
  main.append(note);
  document.getElementById('app')?.replaceWith(main);
}

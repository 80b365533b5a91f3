// The welcome page's second card, while the helper is not there: what antidrift does already, and what waits for the helper.
import type { HostStatus } from '../../shared/core/host-status';
import type { ModelAvailability } from '../../shared/core/vocabulary';

const MODEL_WORDS: Record<ModelAvailability, string> = {
  available: "The browser's built-in model judges the other sites, on this computer.",
  downloadable: "The browser's built-in model can judge the other sites: download it once in Settings → AI backend.",
  downloading: "The browser's built-in model is downloading; then it judges the other sites, on this computer.",
  unavailable: 'Other sites are not judged yet: this browser has no built-in model, so that takes the AI the helper runs.',
};

export function WorksAlready({ host, onStart }: { host: HostStatus; onStart(): void }) {
  return (
    <section class="card" aria-labelledby="works-title" data-testid="works-already">
      <h2 id="works-title">Works already, without the helper</h2>
      <ul class="facts-list">
        <li>Your tabs: a blocked site gets a banner at once, an allowed one counts as on task.</li>
        <li data-testid="works-model">{MODEL_WORDS[host.ports.browser.status.availability]}</li>
      </ul>
      <p class="muted">With the helper: your desktop apps (editors, terminals, chat), and the AI you use in a terminal.</p>
      <div class="row wrap">
        <button type="button" data-testid="start-without-helper" onClick={onStart}>
          Start a session now
        </button>
      </div>
    </section>
  );
}

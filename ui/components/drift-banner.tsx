// The hard drift tier in the popup: reason and the three answers (Back to task / On task / End).
import type { StateView } from '../../shared/controller/view';

export interface DriftBannerProps {
  drift: StateView['drift'];
  onBack(): void;
  onOnTask(): void;
  onEnd(): void;
  busy?: boolean;
}

export function DriftBanner({ drift, onBack, onOnTask, onEnd, busy }: DriftBannerProps) {
  // Already answered in a page (Escape/Back to task): still shown, since the popup was opened on purpose, but quieter.
  const quiet = drift.bannerDismissed;
  return (
    <section
      class={`banner drift${quiet ? ' quiet' : ''}`}
      data-testid="drift-banner"
      role={quiet ? 'region' : 'alert'}
      aria-labelledby="drift-title"
    >
      <h2 id="drift-title" class="banner-title">
        You drifted from your task
      </h2>
      <p class="banner-text" data-testid="drift-reason">
        {drift.reason || 'This does not look like your task.'}
      </p>
      {drift.current ? (
        <p class="banner-meta">
          Now: {drift.current.app}
          {drift.current.title ? ` — ${drift.current.title}` : ''}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="primary" data-testid="drift-back" onClick={onBack} disabled={busy}>
          Back to task
        </button>
        <button type="button" data-testid="drift-ontask" onClick={onOnTask} disabled={busy}>
          This is on task
        </button>
        <button type="button" data-testid="drift-end" onClick={onEnd} disabled={busy}>
          End session
        </button>
      </div>
    </section>
  );
}

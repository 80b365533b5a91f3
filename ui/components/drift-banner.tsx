// The hard drift tier in the popup: reason and the two answers (Back to task / This is on task); End session is the popup's own button.
import type { SurfaceView } from '../../shared/core/controller/surface-view';

export interface DriftBannerProps {
  banner: NonNullable<SurfaceView['banner']>;
  place: SurfaceView['place'];
  onBack(): void;
  onOnTask(): void;
  busy?: boolean;
}

export function DriftBanner({ banner, place, onBack, onOnTask, busy }: DriftBannerProps) {
  // Already answered in a page (Escape/Back to task): still shown, since the popup was opened on purpose, but quieter.
  const quiet = banner.answered;
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
        {banner.reason}
      </p>
      {place ? (
        <p class="banner-meta">
          Now: {place.app}
          {place.title ? ` — ${place.title}` : ''}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="primary" data-testid="drift-back" onClick={onBack} disabled={busy}>
          Back to task
        </button>
        <button type="button" data-testid="drift-ontask" onClick={onOnTask} disabled={busy}>
          This is on task
        </button>
      </div>
    </section>
  );
}

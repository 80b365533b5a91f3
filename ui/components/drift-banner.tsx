// The hard drift tier in the popup: reason and the answers (Back to task, Save for later for a tab, This is on task); End session is the popup's own button.
import type { SurfaceView } from '../../shared/core/controller/surface-view';
import { onTaskOffer } from '../on-task-offer';

export interface DriftBannerProps {
  banner: NonNullable<SurfaceView['banner']>;
  place: SurfaceView['place'];
  /** The ticking clock: a strict session's "This is on task" counts down to `banner.onTaskFrom`. */
  now: number;
  onBack(): void;
  onOnTask(): void;
  /** The drifting tab to the Later list (a tab only: an app window has no address to open again). */
  onSaveForLater(): void;
  busy?: boolean;
}

export function DriftBanner({ banner, place, now, onBack, onOnTask, onSaveForLater, busy }: DriftBannerProps) {
  // Already answered in a page (Escape/Back to task): still shown, since the popup was opened on purpose, but quieter.
  const quiet = banner.answered;
  const onTask = onTaskOffer(banner.onTaskFrom, now);
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
        {place?.source === 'tab' ? (
          <button type="button" data-testid="drift-save" onClick={onSaveForLater} disabled={busy}>
            Save for later
          </button>
        ) : null}
        {onTask.shown ? (
          <button type="button" data-testid="drift-ontask" onClick={onOnTask} disabled={busy || onTask.secondsLeft > 0}>
            {onTask.label}
          </button>
        ) : null}
      </div>
      {onTask.shown && banner.onTaskAllows ? (
        <p class="banner-meta" data-testid="drift-ontask-allows">
          “This is on task” allows {banner.onTaskAllows}, not the whole site.
        </p>
      ) : null}
    </section>
  );
}

// The soft nudge tier: muted, polite, dismiss only.
export function HeadsUp({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <section class="banner nudge" data-testid="nudge" aria-live="polite" aria-labelledby="nudge-title">
      <h2 id="nudge-title" class="banner-title">
        Heads up
      </h2>
      <p class="banner-text" data-testid="nudge-message">
        {message}
      </p>
      <div class="actions">
        <button type="button" data-testid="nudge-dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}

// During a session, one quiet line: how many pages wait on the Later list (the list itself comes with the break and the review).
import { useLater } from './later-list';

export function LaterCount() {
  const { entries } = useLater();
  if (!entries || entries.length === 0) return null;
  return (
    <p class="muted later-count" data-testid="later-count">
      Saved for later: {entries.length} — for your break, or when the session ends.
    </p>
  );
}

// The popup's "Now": the place the person is looking at, and why it counts as it does.
import type { PlaceReason, PlaceView } from '../../shared/core/controller/surface-view';

/** Why, in a person's words: the list entry that matched, the AI's judgement, or that nothing could tell. */
export function placeReasonWords(why: PlaceReason): string {
  switch (why.kind) {
    case 'allowed':
      return `on your allowed list (${why.entry})`;
    case 'blocked':
      return `blocked (your blocked list: ${why.entry})`;
    case 'notAllowed':
      return 'not on your allowed list (allowlist-only)';
    case 'judged':
      return why.drifting ? 'the AI judged it off task' : 'the AI judged it on task';
    case 'checking':
      return 'the AI is checking it';
    case 'unjudged':
      return 'not on a list, and no AI has judged it';
  }
}

export function PlaceLine({ place }: { place: PlaceView }) {
  const where = place.source === 'tab' ? place.app || place.title : place.app;
  return (
    <p class="place muted" data-testid="place">
      Now: <strong class="place-name">{where}</strong> — <span data-testid="place-why">{placeReasonWords(place.why)}</span>
    </p>
  );
}

// When a drift banner offers "This is on task", and its words meanwhile: the popup's banner and the page toast say it alike.

export const ON_TASK_WORDS = 'This is on task';

/** The button as it stands at `now`: absent, counting down (disabled, the seconds in its label), or ready. */
export type OnTaskOffer = { shown: false } | { shown: true; secondsLeft: number; label: string };

/** `from`: the banner's `onTaskFrom` (0: at once; null: never, as for a strict session's blocked list). */
export function onTaskOffer(from: number | null, now: number): OnTaskOffer {
  if (from === null) return { shown: false };
  const secondsLeft = Math.max(0, Math.ceil((from - now) / 1000));
  return { shown: true, secondsLeft, label: secondsLeft > 0 ? `${ON_TASK_WORDS} (${secondsLeft} s)` : ON_TASK_WORDS };
}

// A checkbox that shows a short label and is named in full: the name starts with what shows, and the tooltip says the rest.
import type { CheckWords } from '../strict-words';
import { fullName } from '../strict-words';

export function ShortCheck(p: { words: CheckWords; checked: boolean; onChange(checked: boolean): void; testId: string }) {
  const name = fullName(p.words);
  return (
    <label class="short-check" title={name}>
      <input
        type="checkbox"
        aria-label={name}
        data-testid={p.testId}
        checked={p.checked}
        onChange={(e) => p.onChange(e.currentTarget.checked)}
      />
      {p.words.short}
    </label>
  );
}
